import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from "fastify";
import { USER_FIELD_LABELS } from "../../../common/schemas/system-labels.js";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Kysely, type Selectable, type SqlBool } from "kysely";
import { z } from "zod";
import { SYSTEM_ERRORS } from "../../../common/system-messages.js";
import {
  USER_SORT_FIELDS,
  USER_STATUSES,
  userCreateSchema,
  userInputSchema,
  userSchema,
  type User,
} from "../../../common/schemas/user.js";
import {
  passwordProblem,
  passwordResetSchema,
} from "../../../common/schemas/password.js";
import type { Database, UsersTable } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { columnValues } from "../../resources/column-values.js";
import { defineResource } from "../../resources/define-resource.js";
import {
  MAX_INT32,
  envelope,
  idParams,
  type WriteChange,
  type WriteContext,
} from "../../resources/resource-definition.js";
import { withAudit, type AuditEntry } from "../../services/audit.js";
import { hashPassword } from "../../services/password.js";
import { clearSecondFactor } from "../../services/two-factor.js";
import {
  loginNameHolder,
  loginNameTakenError,
} from "../../services/login-names.js";
import {
  requireGrantableRoles,
  requireNotOutranked,
} from "../../services/grant-rules.js";
import {
  conflictOn,
  forgetUsers,
  requireAnEnabledAdmin,
  revokeSessionsOf,
  roleIdsOf,
  setRoles,
} from "../../services/user-admin.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type UserRow = Selectable<UsersTable>;

/** The API says enabled/disabled; the table (and the session check) says active/disabled. */
const toStatusColumn = (status: string) =>
  status === "enabled" ? "active" : "disabled";

/** A user's columns from the input schema's keys; roles and the password are kept apart. */
const userColumns = columnValues(userInputSchema, {
  skip: ["roleIds"],
  stored: { status: toStatusColumn },
});

function sameIds(a: number[] | undefined, b: number[] | undefined): boolean {
  return (
    JSON.stringify([...(a ?? [])].sort()) ===
    JSON.stringify([...(b ?? [])].sort())
  );
}

/**
 * Refuses a user change before anything is written: deleting or disabling oneself, a
 * login name another account has in any case (40900), changing an account that holds codes the caller lacks, or giving or taking
 * roles beyond what the caller holds (40300, services/grant-rules.ts).
 */
async function refuseUserChange(
  change: WriteChange<User>,
  { trx, request }: WriteContext,
): Promise<void> {
  const self = request.session!.user.userId;
  if (change.id === self && change.action === "delete")
    throw conflictOn("id", SYSTEM_ERRORS.notYourself, request.language);
  if (change.id === self && change.input?.status === "disabled")
    throw conflictOn("status", SYSTEM_ERRORS.notYourself, request.language);
  if (change.action !== "create")
    await requireNotOutranked(trx, request, change.id, "id");
  const loginName = change.input?.loginName as string | undefined;
  if (
    loginName !== undefined &&
    loginName !== change.before?.loginName &&
    (await loginNameHolder(
      trx,
      loginName,
      change.action === "create" ? undefined : change.id,
    ))
  )
    throw loginNameTakenError(request.language);
  const roleIds = change.input?.roleIds as number[] | undefined;
  if (roleIds !== undefined)
    await requireGrantableRoles(trx, request, {
      userId: change.action === "create" ? undefined : change.id,
      before: change.before?.roleIds ?? [],
      after: roleIds,
    });
}

/** The options of an administrator's action on one user: no data in its answer. */
function userActionOptions<B extends { body?: z.ZodType }>(
  permission: string,
  summary: string,
  body: B,
) {
  return {
    config: { permission },
    schema: {
      tags: ["system/users"],
      summary,
      params: idParams,
      ...body,
      response: { 200: envelope(z.null()) },
    },
  };
}

/** One user's columns, for an administrator's action on it: 40400 when there is none. */
async function targetUser<C extends "loginName" | "totpEnabledAt">(
  app: FastifyInstance,
  id: number,
  column: C,
) {
  const user = await app.store.db
    .selectFrom("users")
    .select(["id", column])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!user) throw notFound();
  return user;
}

/**
 * Writes an administrator's action on one user with its audit row: refused on a user who
 * outranks the caller, and the user's sessions revoked in the same transaction.
 */
async function actOnUser(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  write: (trx: Kysely<Database>) => Promise<void>,
  audit: Omit<AuditEntry, "resource" | "recordId">,
) {
  await withAudit(app.store, request, async (trx) => {
    await requireNotOutranked(trx, request, id, "id");
    await write(trx);
    await revokeSessionsOf(trx, [id]);
    return {
      result: null,
      audit: { resource: "system/users", recordId: id, ...audit },
    };
  });
  forgetUsers(app, [id]);
  return ok(null);
}

/** `POST /tjc/system/users/:id/password`: an administrator sets a user's password. */
function passwordResetRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/system/users/:id/password",
    userActionOptions(
      "user:update",
      "Set a user's password (administrator); revokes their sessions",
      { body: passwordResetSchema },
    ),
    async (request) => {
      const { id } = request.params;
      const user = await targetUser(app, id, "loginName");
      const problem = passwordProblem(request.body.password, user.loginName);
      if (problem)
        throw validationError({
          password: localizeText(problem, request.language),
        });
      const passwordHash = await hashPassword(request.body.password);
      return actOnUser(
        app,
        request,
        id,
        async (trx) => {
          await trx
            .updateTable("users")
            .set({
              passwordHash,
              updatedAt: nowIso(),
              version: sql`version + 1`,
            })
            .where("id", "=", id)
            .execute();
        },
        { action: "passwordReset" },
      );
    },
  );
}

/**
 * `POST /tjc/system/users/:id/two-factor/reset`: an administrator removes a user's second
 * factor (a lost phone). Audited; revokes the user's sessions; their next login enrols
 * again when a role requires it.
 */
function twoFactorResetRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/system/users/:id/two-factor/reset",
    userActionOptions(
      "user:resetTwoFactor",
      "Reset a user's second factor (administrator); audited, revokes their sessions",
      {},
    ),
    async (request) => {
      const { id } = request.params;
      const user = await targetUser(app, id, "totpEnabledAt");
      return actOnUser(app, request, id, (trx) => clearSecondFactor(trx, id), {
        action: "twoFactorReset",
        before: { twoFactorEnabled: Boolean(user.totpEnabledAt) },
        after: { twoFactorEnabled: false },
      });
    },
  );
}

/**
 * `/tjc/system/users`: accounts, their roles and status. Disabling, deleting, changing
 * roles or resetting a password revokes the user's sessions in the same transaction.
 * Nobody deletes or disables themselves; the last enabled administrator stays.
 */
export const userRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  defineResource(app, {
    path: "system/users",
    table: "users",
    module: "user",
    recordSchema: userSchema,
    createSchema: userCreateSchema,
    updateSchema: userInputSchema,
    sortable: USER_SORT_FIELDS,
    defaultSort: ["id", "ASC"],
    search: {
      table: "users",
      columns: ["login_name", "user_name", "email", "phone"],
    },
    filters: {
      status: {
        schema: z.enum(USER_STATUSES),
        where: (value: string) =>
          sql<SqlBool>`users.status = ${toStatusColumn(value)}`,
      },
      roleId: {
        schema: z.number().int().positive().max(MAX_INT32),
        where: (value: number) =>
          sql<SqlBool>`exists (select 1 from user_roles where user_roles.user_id = users.id and user_roles.role_id = ${value})`,
      },
    },
    uniqueFields: ["loginName"],
    toRecord: (row: UserRow): User => ({
      id: row.id,
      loginName: row.loginName,
      userName: row.userName,
      email: row.email,
      phone: row.phone,
      status: row.status === "active" ? "enabled" : "disabled",
      language: row.language,
      roleIds: [],
      lastLoginAt: row.lastLoginAt,
      lastLoginIp: row.lastLoginIp,
      twoFactorEnabled: Boolean(row.totpEnabledAt),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      version: row.version,
    }),
    async enrich(records, db) {
      const roles = await roleIdsOf(
        db,
        records.map((record) => record.id),
      );
      return records.map((record) => ({
        ...record,
        roleIds: roles.get(record.id) ?? [],
      }));
    },
    async toValues(input) {
      const values = userColumns(input);
      const { password } = input as { password?: string };
      if (password !== undefined)
        values.passwordHash = await hashPassword(password);
      return values;
    },
    beforeWrite: refuseUserChange,
    async afterWrite(change, { trx, request }) {
      const loginName = change.input?.loginName as string | undefined;
      if (change.before && loginName && loginName !== change.before.loginName)
        // A legacy clash renamed (to a name nobody has) joins the unique index.
        await trx
          .updateTable("users")
          .set({ loginNameClash: 0 })
          .where("id", "=", change.id)
          .execute();
      const roleIds = change.input?.roleIds as number[] | undefined;
      if (roleIds !== undefined)
        await setRoles(trx, change.id, roleIds, request.language);
      const revoke =
        change.action === "delete" ||
        change.input?.status === "disabled" ||
        (change.action === "update" &&
          roleIds !== undefined &&
          !sameIds(roleIds, change.before?.roleIds));
      if (revoke) await revokeSessionsOf(trx, [change.id]);
      if (change.action !== "create") {
        await requireAnEnabledAdmin(
          trx,
          app.store.kind,
          request.language,
          change.action === "delete"
            ? "id"
            : roleIds !== undefined
              ? "roleIds"
              : "status",
        );
      }
    },
    afterCommit(changes) {
      forgetUsers(
        app,
        changes.map((change) => change.id),
      );
    },
    fieldLabels: USER_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "loginName" },
      { key: "userName" },
      { key: "email" },
      { key: "phone" },
      { key: "status", values: choiceLabels("userStatus") },
      { key: "roleIds" },
      { key: "lastLoginAt", time: true },
      { key: "lastLoginIp" },
      { key: "createdAt", time: true },
    ],
  });

  passwordResetRoute(parent);
  twoFactorResetRoute(parent);
};

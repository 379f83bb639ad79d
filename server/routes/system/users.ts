import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { USER_FIELD_LABELS } from "../../../common/schemas/system-labels.js";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Selectable, type SqlBool } from "kysely";
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
import type { UsersTable } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { defineResource } from "../../resources/define-resource.js";
import {
  envelope,
  idParams,
  type WriteChange,
  type WriteContext,
} from "../../resources/resource-definition.js";
import { withAudit } from "../../services/audit.js";
import { hashPassword } from "../../services/password.js";
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

/** `POST /tjc/system/users/:id/password`: an administrator sets a user's password. */
function passwordResetRoute(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/system/users/:id/password",
    {
      config: { permission: "user:update" },
      schema: {
        tags: ["system/users"],
        summary:
          "Set a user's password (administrator); revokes their sessions",
        params: idParams,
        body: passwordResetSchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const user = await app.store.db
        .selectFrom("users")
        .select(["id", "loginName"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!user) throw notFound();
      const problem = passwordProblem(request.body.password, user.loginName);
      if (problem)
        throw validationError({
          password: localizeText(problem, request.language),
        });
      const passwordHash = await hashPassword(request.body.password);
      await withAudit(app.store, request, async (trx) => {
        await requireNotOutranked(trx, request, id, "id");
        await trx
          .updateTable("users")
          .set({
            passwordHash,
            updatedAt: nowIso(),
            version: sql`version + 1`,
          })
          .where("id", "=", id)
          .execute();
        await revokeSessionsOf(trx, [id]);
        return {
          result: null,
          audit: {
            resource: "system/users",
            recordId: id,
            action: "passwordReset",
          },
        };
      });
      forgetUsers(app, [id]);
      return ok(null);
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
        schema: z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
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
      const values: Record<string, unknown> = {};
      for (const key of [
        "loginName",
        "userName",
        "email",
        "phone",
        "language",
      ] as const) {
        if (input[key] !== undefined) values[key] = input[key];
      }
      if (input.status !== undefined)
        values.status = toStatusColumn(input.status);
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
};

import { askRefusal } from "../../common/ask-messages.js";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { foldString } from "../db/fold.js";
import { Code, type Language } from "../../common/codes.js";
import { SYSTEM_ERRORS } from "../../common/system-messages.js";
import { ApiError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";

/**
 * Login names are one per folded form (issue 25 item 4): `Admin` and `admin` are the same
 * name. Both schemas keep login names to ASCII, where the fold (server/db/fold.ts) is
 * lower case, so the store compares `lower(login_name)`, the expression its indexes hold,
 * and the failed-login lock keys by the same fold.
 *
 * Names that clashed before this rule (migration 0016) keep working: the oldest of each
 * group owns the folded name (`login_name_clash = 0`, in the unique index), the others
 * are flagged `login_name_clash = 1` and left out of it. A flagged account logs in by its
 * exact name and has its own failed-login lock.
 */
export function foldLoginName(loginName: string): string {
  return foldString(loginName.trim());
}

/** The folded form as the store computes it. */
export const foldedLoginColumn = sql<string>`lower(login_name)`;
/** A typed name folded by the store, as its indexes fold the column. */
const foldedValue = (loginName: string) =>
  sql<string>`lower(${loginName.trim()})`;

/** The account with this folded name other than `exceptId`, if any. */
export async function loginNameHolder(
  db: Kysely<Database>,
  loginName: string,
  exceptId?: number,
): Promise<{ id: number; loginName: string } | undefined> {
  let query = db
    .selectFrom("users")
    .select(["id", "loginName"])
    .where(foldedLoginColumn, "=", foldedValue(loginName));
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return query.orderBy("id").limit(1).executeTakeFirst();
}

/** 40900: another account has the name, in any case; on loginName, in the caller's language. */
export function loginNameTakenError(language: Language): ApiError {
  return new ApiError(Code.CONFLICT, {
    message: askRefusal("loginNameTaken", language),
    data: {
      errors: {
        loginName: localizeText(SYSTEM_ERRORS.loginNameTaken, language),
      },
      reason: "loginNameTaken",
    },
  });
}

/**
 * The account a login attempt names: the exact name first (a legacy clash logs in as
 * itself), else the owner of the folded name.
 */
export async function findLoginAccount(db: Kysely<Database>, typed: string) {
  const loginName = typed.trim();
  return db
    .selectFrom("users")
    .select([
      "id",
      "userName",
      "loginName",
      "passwordHash",
      "status",
      "loginNameClash",
    ])
    .where(foldedLoginColumn, "=", foldedValue(loginName))
    .orderBy(sql`case when login_name = ${loginName} then 0 else 1 end`)
    .orderBy("loginNameClash")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

export interface LoginNameClash {
  /** The folded name the group shares. */
  folded: string;
  /** Who keeps it (the oldest), then the flagged others, as stored. */
  loginNames: string[];
}

/** The groups of accounts whose names fold alike (legacy, from before the rule). */
export async function loginNameClashes(
  db: Kysely<Database>,
): Promise<LoginNameClash[]> {
  const rows = await db
    .selectFrom("users")
    .select(["loginName", foldedLoginColumn.as("folded")])
    .where(
      foldedLoginColumn,
      "in",
      db
        .selectFrom("users")
        .select(foldedLoginColumn.as("folded"))
        .groupBy(foldedLoginColumn)
        .having((eb) => eb.fn.countAll(), ">", 1),
    )
    .orderBy("id")
    .execute();
  const groups = new Map<string, string[]>();
  for (const row of rows)
    groups.set(row.folded, [...(groups.get(row.folded) ?? []), row.loginName]);
  return [...groups]
    .filter(([, names]) => names.length > 1)
    .map(([folded, loginNames]) => ({ folded, loginNames }));
}

/** Logs a warning listing the clashing names, at every start until they are renamed. */
export async function warnOfLoginNameClashes(
  db: Kysely<Database>,
  log: { warn(details: object, message: string): void },
): Promise<LoginNameClash[]> {
  const clashes = await loginNameClashes(db);
  if (clashes.length > 0) {
    log.warn(
      { loginNameClashes: clashes },
      `${clashes.length} login ${clashes.length === 1 ? "name is" : "names are"} shared by accounts whose names differ only in case; ` +
        "each logs in by its exact name, the oldest also by any case. Rename the others (docs/decisions.md).",
    );
  }
  return clashes;
}

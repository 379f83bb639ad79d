import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { Code, type Language } from "../../common/codes.js";
import {
  ASK_VALIDATION_ERRORS,
  askRefusal,
} from "../../common/ask-messages.js";
import type { Database } from "../db/schema.js";
import { foldString } from "../db/fold.js";
import { ApiError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";

/**
 * Display names are unique by their folded form (issue 25, item 11): case, full and half
 * width, traditional and simplified Chinese, and runs of spaces do not tell two names
 * apart, so `爱丽丝姊妹`, `愛麗絲姊妹` and `ＡＬＩＣＥ` clash with `爱丽丝姊妹` and `alice`.
 * `users.user_name_key` holds the folded form under a unique index; a name that clashed
 * before the rule (migration 0025a) keeps working with no key, and is reported at start.
 */
export function displayNameKey(name: string): string {
  return foldString(name.normalize("NFKC").trim().replace(/\s+/gu, " "));
}

type Db = Kysely<Database>;

/**
 * Whether another user already goes by a name of this folded form: one holding the key,
 * or one without a key (a clash kept from before the rule, or an account written
 * without one), whose names are folded here; there are few of those.
 */
export async function displayNameTaken(
  db: Db,
  name: string,
  exceptUserId?: number,
): Promise<boolean> {
  const key = displayNameKey(name);
  const holder = await db
    .selectFrom("users")
    .select("id")
    .where("userNameKey", "=", key)
    .$if(exceptUserId !== undefined, (qb) =>
      qb.where("id", "!=", exceptUserId!),
    )
    .executeTakeFirst();
  if (holder) return true;
  const unkeyed = await db
    .selectFrom("users")
    .select(["id", "userName"])
    .where("userNameKey", "is", null)
    .$if(exceptUserId !== undefined, (qb) =>
      qb.where("id", "!=", exceptUserId!),
    )
    .execute();
  return unkeyed.some((user) => displayNameKey(user.userName) === key);
}

/**
 * Gives every user without a key the folded form of their name, unless another user
 * holds it already (the lowest id keeps a name first): the migration's backfill, and at
 * each start for accounts written without a key.
 */
export async function assignDisplayNameKeys(db: Db): Promise<void> {
  const unkeyed = await db
    .selectFrom("users")
    .select(["id", "userName"])
    .where("userNameKey", "is", null)
    .orderBy("id")
    .execute();
  for (const user of unkeyed) {
    const key = displayNameKey(user.userName);
    const holder = await db
      .selectFrom("users")
      .select("id")
      .where("userNameKey", "=", key)
      .executeTakeFirst();
    if (holder) continue;
    await db
      .updateTable("users")
      .set({ userNameKey: key })
      .where("id", "=", user.id)
      .execute();
  }
}

/** Users whose display names clash by folded form: groups of ids, lowest first. */
export async function displayNameClashes(db: Db): Promise<number[][]> {
  const unkeyed = await db
    .selectFrom("users")
    .select(["id", "userName"])
    .where("userNameKey", "is", null)
    .execute();
  if (unkeyed.length === 0) return [];
  const keys = [...new Set(unkeyed.map((u) => displayNameKey(u.userName)))];
  const groups = new Map<string, number[]>();
  for (let i = 0; i < keys.length; i += 500) {
    const holders = await db
      .selectFrom("users")
      .select(["id", "userNameKey"])
      .where("userNameKey", "in", keys.slice(i, i + 500))
      .execute();
    for (const holder of holders) groups.set(holder.userNameKey!, [holder.id]);
  }
  for (const user of unkeyed) {
    const key = displayNameKey(user.userName);
    groups.set(key, [...(groups.get(key) ?? []), user.id]);
  }
  return [...groups.values()]
    .filter((ids) => ids.length > 1)
    .map((ids) => ids.sort((a, b) => a - b));
}

/** 40900 "that display name is taken", at the userName field. */
export function displayNameTakenError(language: Language): ApiError {
  return new ApiError(Code.CONFLICT, {
    message: askRefusal("displayNameTaken", language),
    data: {
      reason: "displayNameTaken",
      errors: {
        userName: localizeText(
          ASK_VALIDATION_ERRORS.displayNameTaken,
          language,
        ),
      },
    },
  });
}

/**
 * At each start: accounts written without a key (by the back office, or before the rule)
 * get one when their name is free, and display names that still clash are logged as a
 * warning with the users' ids, for an administrator to rename one of each group.
 */
export function reportDisplayNameClashesOnReady(app: FastifyInstance): void {
  app.addHook("onReady", async () => {
    try {
      await assignDisplayNameKeys(app.store.db);
      const clashes = await displayNameClashes(app.store.db);
      if (clashes.length > 0) {
        app.log.warn(
          { groups: clashes.length, userIds: clashes.slice(0, 50) },
          "display names that clash by their folded form (case, width, traditional/simplified): each group still works; rename all but one (docs/community.md)",
        );
      }
    } catch (error) {
      app.log.error({ err: error }, "display name check failed");
    }
  });
}

/**
 * The key a user's rename writes: a new name must not be another user's by its folded
 * form (40900 otherwise); a name that only changes its case or spacing, or a clash kept
 * from before the rule, keeps the key it has.
 */
export async function renameKey(
  db: Db,
  rename: { userId: number; from: string; to: string; language: Language },
): Promise<{ userNameKey?: string }> {
  const key = displayNameKey(rename.to);
  if (key === displayNameKey(rename.from)) return {};
  if (await displayNameTaken(db, rename.to, rename.userId))
    throw displayNameTakenError(rename.language);
  return { userNameKey: key };
}

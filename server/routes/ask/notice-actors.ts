import type { Kysely } from "kysely";
import type { NoticeActor } from "../../../common/schemas/ask.js";
import type { Database } from "../../db/schema.js";
import { AUTHOR_IS_STAFF, truthy } from "./records.js";

/**
 * Who caused each notification, as the member reading it may know them: the display name
 * and whether the account is staff (issue 25, item 11). The one place that decides it, so
 * a post written anonymously can read as such here. Null when nobody is recorded (older
 * moderation notices) or the account is gone.
 */
export async function noticeActors(
  db: Kysely<Database>,
  notices: { id: number; actorId: number | null }[],
): Promise<Map<number, NoticeActor | null>> {
  const ids = [
    ...new Set(
      notices
        .map((notice) => notice.actorId)
        .filter((id): id is number => id !== null),
    ),
  ];
  const users =
    ids.length === 0
      ? []
      : await db
          .selectFrom("users")
          .select(["users.id", "users.userName", AUTHOR_IS_STAFF.as("staff")])
          .where("users.id", "in", ids)
          .execute();
  const byId = new Map(
    users.map((user) => [
      user.id,
      { userName: user.userName, staff: truthy(user.staff) },
    ]),
  );
  return new Map(
    notices.map((notice) => [
      notice.id,
      notice.actorId === null ? null : (byId.get(notice.actorId) ?? null),
    ]),
  );
}

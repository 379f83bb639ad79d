import { sql, type Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";

/**
 * Two-factor login for staff (issue 24 item 5, docs/decisions.md "Two-factor login"):
 * a user's TOTP secret (a pending one while enrolling), the last time step a code was
 * accepted at (each code works once), their hashed recovery codes, a role's "requires
 * two-factor login" (the seeded `admin` role does), and a session that may only enrol.
 */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  for (const column of ["totp_secret", "totp_pending_secret"])
    await db.schema
      .alterTable("users")
      .addColumn(column, "varchar(64)")
      .execute();
  await db.schema
    .alterTable("users")
    .addColumn("totp_enabled_at", "varchar(32)")
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("totp_last_step", "integer")
    .execute();
  await db.schema
    .alterTable("roles")
    .addColumn("requires_two_factor", "integer", (c) =>
      c.notNull().defaultTo(0),
    )
    .execute();
  await sql`update roles set requires_two_factor = 1 where code = 'admin'`.execute(
    db,
  );
  await db.schema
    .alterTable("sessions")
    .addColumn("enrolment_only", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await withIdColumn(kind, db.schema.createTable("recovery_codes"))
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("used_at", "varchar(32)")
    .execute();
  await db.schema
    .createIndex("recovery_codes_user")
    .on("recovery_codes")
    .columns(["user_id", "code_hash"])
    .execute();
}

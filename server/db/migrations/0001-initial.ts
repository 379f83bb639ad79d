import type { Kysely } from "kysely";
import type { StoreKind } from "../store.js";
import { withIdColumn } from "../dialect.js";
import { createSearchIndex } from "../search.js";

/** Users, roles, permissions, sessions, login throttling and tags. */
export async function up(db: Kysely<unknown>, kind: StoreKind): Promise<void> {
  await withIdColumn(kind, db.schema.createTable("users"))
    .addColumn("login_name", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("user_name", "varchar(64)", (c) => c.notNull())
    .addColumn("password_hash", "varchar(255)", (c) => c.notNull())
    .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("active"))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await withIdColumn(kind, db.schema.createTable("roles"))
    .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("name", "varchar(64)", (c) => c.notNull())
    .addColumn("name_en", "varchar(64)", (c) => c.notNull())
    .addColumn("built_in", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("role_id", "integer", (c) =>
      c.notNull().references("roles.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("user_roles_pk", ["user_id", "role_id"])
    .execute();

  await withIdColumn(kind, db.schema.createTable("permissions"))
    .addColumn("code", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("module", "varchar(32)", (c) => c.notNull())
    .addColumn("action", "varchar(32)", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("role_permissions")
    .addColumn("role_id", "integer", (c) =>
      c.notNull().references("roles.id").onDelete("cascade"),
    )
    .addColumn("permission_id", "integer", (c) =>
      c.notNull().references("permissions.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("role_permissions_pk", [
      "role_id",
      "permission_id",
    ])
    .execute();

  await withIdColumn(kind, db.schema.createTable("sessions"))
    .addColumn("token_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("previous_token_hash", "varchar(64)")
    .addColumn("previous_valid_until", "varchar(32)")
    .addColumn("user_id", "integer", (c) =>
      c.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("last_seen_at", "varchar(32)", (c) => c.notNull())
    .addColumn("renewed_at", "varchar(32)", (c) => c.notNull())
    .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
    .addColumn("revoked_at", "varchar(32)")
    .addColumn("ip", "varchar(64)")
    .addColumn("user_agent", "varchar(512)")
    .execute();
  await db.schema
    .createIndex("sessions_previous_token_hash")
    .on("sessions")
    .column("previous_token_hash")
    .execute();
  await db.schema
    .createIndex("sessions_user_id")
    .on("sessions")
    .column("user_id")
    .execute();

  await withIdColumn(kind, db.schema.createTable("login_failures"))
    .addColumn("key", "varchar(160)", (c) => c.notNull())
    .addColumn("failed_at", "varchar(32)", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_key_failed_at")
    .on("login_failures")
    .columns(["key", "failed_at"])
    .execute();

  await withIdColumn(kind, db.schema.createTable("tags"))
    .addColumn("name", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("name_en", "varchar(64)")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex("tags_sort_order")
    .on("tags")
    .column("sort_order")
    .execute();
  await db.schema
    .createIndex("tags_name_en")
    .on("tags")
    .column("name_en")
    .execute();
  await db.schema
    .createIndex("tags_created_at")
    .on("tags")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("tags_updated_at")
    .on("tags")
    .column("updated_at")
    .execute();
  await createSearchIndex(db, kind, {
    table: "tags",
    columns: ["name", "name_en"],
  });
}

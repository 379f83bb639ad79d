/**
 * The publishing workflow (issue 11 item 2) as one piece a resource opts into with
 * `workflow: publishingWorkflow("<resource>", "<table>")` in its definition: status and
 * publishAt transitions (40000 when they make no sense), createdBy/updatedBy/publishedAt,
 * tagIds (kept in content_tags for filtering), a status filter in which a due scheduled
 * record counts as published, and bulk publish/unpublish/archive.
 */
import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { z } from "zod";
import {
  canMove,
  effectiveStatus,
  WORKFLOW_STATUSES,
  type WorkflowStatus,
} from "../../common/schemas/workflow.js";
import {
  MAX_INT32,
  type ResourceFilter,
  type WriteChange,
  type WriteContext,
} from "./resource-definition.js";
import { nowIso } from "../db/dialect.js";
import {
  contentTagFilter,
  deleteContentTags,
  saveContentTags,
} from "./content-tags.js";
import type { Database } from "../db/schema.js";
import type { StoreKind } from "../db/store.js";
import { validationError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";
import type { Language } from "../../common/codes.js";
import { VALIDATION_KEYS } from "../../common/validation-wording.js";
import { workflowInputShape } from "../../common/schemas/workflow.js";

/** The input fields the workflow writes itself (its afterWrite), not the resource's toValues. */
export const WORKFLOW_FIELDS = Object.keys(
  workflowInputShape,
) as (keyof typeof workflowInputShape)[];

/** The columns every workflow row has (db/workflow-columns.ts). */
export interface WorkflowRow {
  id: number;
  status: string;
  publishAt: string | null;
  publishedAt: string | null;
  createdBy: number | null;
  updatedBy: number | null;
  tagIds: string;
}

/** The current time as the store writes it (ISO UTC, milliseconds), for SQL comparisons. */
export function sqlNowIso(kind: StoreKind) {
  return kind === "sqlite"
    ? sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
    : sql<string>`to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * Rows that read as published now: published, or scheduled with its time passed. Compared
 * with the store's clock, not a parameter, so a cached compiled query never goes stale.
 */
export function publishedCondition(
  table: string,
  kind: StoreKind,
): Expression<SqlBool> {
  const now = sqlNowIso(kind);
  return sql<SqlBool>`(${sql.ref(`${table}.status`)} = 'published' or (${sql.ref(`${table}.status`)} = 'scheduled' and ${sql.ref(`${table}.publish_at`)} <= ${now}))`;
}

/** The workflow's fields as a record carries them. */
export interface WorkflowRecord {
  status: WorkflowStatus;
  publishAt: string | null;
  publishedAt: string | null;
}

export interface PublishingWorkflow {
  resource: string;
  table: string;
  filters: Record<string, ResourceFilter>;
  /** The workflow's fields of a record, with the status as it reads now. */
  record(row: WorkflowRow): {
    status: WorkflowStatus;
    publishAt: string | null;
    publishedAt: string | null;
    tagIds: number[];
    createdBy: number | null;
    updatedBy: number | null;
  };
  /**
   * The workflow's column values for a record moving from `before` (a record as it reads
   * now; undefined on create) as `input` asks: checks the move (40000 when it makes no
   * sense) and sets who and when.
   */
  columns(
    input: Record<string, unknown>,
    before: WorkflowRecord | undefined,
    userId: number | null,
    language: Language,
    now: string,
  ): Record<string, unknown>;
  /** defineResource's hooks: check before the write, record after it (same transaction). */
  beforeWrite(
    change: WriteChange<unknown>,
    context: WriteContext,
  ): Promise<void>;
  afterWrite(
    change: WriteChange<unknown>,
    context: WriteContext,
  ): Promise<void>;
}

/** Every workflow resource, so scheduled publishing can flip all of them at once. */
const WORKFLOW_TABLES = new Map<string, string>();

export function publishingWorkflow(
  resource: string,
  table: string,
): PublishingWorkflow {
  WORKFLOW_TABLES.set(resource, table);
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const filters: Record<string, ResourceFilter> = {
    status: {
      schema: z.enum(WORKFLOW_STATUSES),
      volatile: true, // "published" and "scheduled" depend on the clock
      where: (value: WorkflowStatus, kind: StoreKind) => {
        const now = sqlNowIso(kind);
        if (value === "published") return publishedCondition(table, kind);
        if (value === "scheduled")
          return sql<SqlBool>`(${column("status")} = 'scheduled' and ${column("publish_at")} > ${now})`;
        return sql<SqlBool>`${column("status")} = ${value}`;
      },
    },
    tagId: contentTagFilter(resource, table),
    createdBy: {
      schema: z.number().int().positive().max(MAX_INT32),
      where: (value: number) =>
        sql<SqlBool>`${column("created_by")} = ${value}`,
    },
  };

  const fail = (field: string, message: string, language: Language) => {
    throw validationError({ [field]: localizeText(message, language) });
  };

  return {
    resource,
    table,
    filters,
    record(row) {
      const now = new Date().toISOString();
      const status = effectiveStatus(
        row.status as WorkflowStatus,
        row.publishAt,
        now,
      );
      return {
        status,
        publishAt: row.publishAt,
        // A scheduled record that came due was published at its time.
        publishedAt:
          row.publishedAt ??
          (status === "published" && row.status === "scheduled"
            ? row.publishAt
            : null),
        tagIds: JSON.parse(row.tagIds) as number[],
        createdBy: row.createdBy,
        updatedBy: row.updatedBy,
      };
    },
    columns(input, before, userId, language, now) {
      const from: WorkflowStatus = before?.status ?? "draft";
      const to = (input.status as WorkflowStatus | undefined) ?? from;
      if (!canMove(from, to))
        fail("status", "transition not allowed", language);
      const publishAt =
        input.publishAt !== undefined
          ? (input.publishAt as string | null)
          : (before?.publishAt ?? null);
      if (to === "scheduled") {
        if (!publishAt) fail("publishAt", VALIDATION_KEYS.required, language);
        if (publishAt! <= now)
          fail("publishAt", "must be in the future", language);
      }
      const stays = from === "published" && to === "published";
      const next: Record<string, unknown> = {
        status: to,
        // A scheduled record keeps its time; a published one the time it came due, if any.
        publishAt:
          to === "scheduled"
            ? publishAt
            : stays
              ? (before?.publishAt ?? null)
              : null,
        publishedAt:
          to !== "published"
            ? null
            : stays
              ? (before?.publishedAt ?? now)
              : now,
        updatedBy: userId,
      };
      if (!before) next.createdBy = userId;
      if (input.tagIds !== undefined)
        next.tagIds = JSON.stringify(input.tagIds);
      return next;
    },
    async beforeWrite(change, { request }) {
      if (change.action === "delete") return;
      // Checked here, before anything is written; afterWrite applies the same result.
      this.columns(
        change.input ?? {},
        change.before as WorkflowRecord | undefined,
        request.session?.user.userId ?? null,
        request.language,
        nowIso(),
      );
    },
    async afterWrite(change, { trx, request }) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = trx as unknown as Kysely<any>;
      if (change.action === "delete") {
        await deleteContentTags(db, resource, change.id);
        return;
      }
      const values = this.columns(
        change.input ?? {},
        change.before as WorkflowRecord | undefined,
        request.session?.user.userId ?? null,
        request.language,
        nowIso(),
      );
      await db
        .updateTable(table)
        .set(values)
        .where("id", "=", change.id)
        .execute();
      if (values.tagIds === undefined) return;
      await saveContentTags(
        db,
        resource,
        change.id,
        JSON.parse(values.tagIds as string) as number[],
        request.language,
      );
    },
  };
}

/**
 * Flips every due scheduled record of every workflow resource to published, with
 * publishedAt its publishAt. Reads already treat them as published; this makes the
 * stored status agree (for exports, counts, other readers). Answers how many per resource.
 */
export async function publishDue(
  store: { db: Kysely<Database> },
  now: Date = new Date(),
): Promise<Record<string, number>> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const db = store.db as unknown as Kysely<any>;
  const nowIso = now.toISOString();
  const flipped: Record<string, number> = {};
  for (const [resource, table] of WORKFLOW_TABLES) {
    const result = await db
      .updateTable(table)
      .set({
        status: "published",
        publishedAt: sql`publish_at`,
        version: sql`version + 1`,
      })
      .where("status", "=", "scheduled")
      .where("publishAt", "<=", nowIso)
      .executeTakeFirst();
    flipped[resource] = Number(result.numUpdatedRows);
  }
  return flipped;
}

import { z } from "zod";
import { MAX_INT32 } from "./fields.js";

/**
 * The publishing workflow every content resource shares (issue 11 item 2): its statuses,
 * the transitions that make sense, and the fields a record carries. Pure: both sides.
 */
export const WORKFLOW_STATUSES = [
  "draft",
  "published",
  "scheduled",
  "archived",
] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

/**
 * From each status (as it reads now, see effectiveStatus), where a record may go. A
 * published record is unpublished (draft) before it is scheduled again; an archived one
 * comes back as a draft.
 */
export const WORKFLOW_TRANSITIONS: Record<
  WorkflowStatus,
  readonly WorkflowStatus[]
> = {
  draft: ["draft", "published", "scheduled", "archived"],
  scheduled: ["scheduled", "draft", "published", "archived"],
  published: ["published", "draft", "archived"],
  archived: ["archived", "draft"],
};

export function canMove(from: WorkflowStatus, to: WorkflowStatus): boolean {
  return WORKFLOW_TRANSITIONS[from].includes(to);
}

/** A scheduled record whose time has come reads as published, whoever reads it. */
export function effectiveStatus(
  status: WorkflowStatus,
  publishAt: string | null,
  nowIso: string,
): WorkflowStatus {
  return status === "scheduled" && publishAt !== null && publishAt <= nowIso
    ? "published"
    : status;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** An ISO-8601 UTC instant, normalised to milliseconds (so strings compare as times). */
export const isoInstant = z
  .string()
  .trim()
  .regex(ISO_UTC)
  .refine((text) => !Number.isNaN(Date.parse(text)))
  .transform((text) => new Date(text).toISOString());

export const tagIdsField = z
  .array(z.number().int().positive().max(MAX_INT32))
  .max(50)
  .transform((ids) => [...new Set(ids)]);

/** The workflow's input fields, spread into a resource's input schema. */
/**
 * Left out on an update, each keeps its value; on a create, status is draft and there are
 * no tags. No zod defaults here: an update that omits status must not unpublish.
 */
export const workflowInputShape = {
  status: z.enum(WORKFLOW_STATUSES).optional(),
  publishAt: isoInstant.nullish(),
  tagIds: tagIdsField.optional(),
};

/** The workflow's fields on a record. */
export const workflowRecordShape = {
  status: z.enum(WORKFLOW_STATUSES),
  publishAt: z.string().nullable(),
  publishedAt: z.string().nullable(),
  tagIds: z.array(z.number().int()),
  createdBy: z.number().int().nullable(),
  updatedBy: z.number().int().nullable(),
};

export const WORKFLOW_BULK_ACTIONS = [
  "publish",
  "unpublish",
  "archive",
] as const;
export type WorkflowBulkAction = (typeof WORKFLOW_BULK_ACTIONS)[number];

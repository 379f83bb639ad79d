import type { Selectable } from "kysely";
import {
  JOB_SORT_FIELDS,
  JOB_STATUSES,
  jobInputSchema,
  jobSchema,
  type Job,
} from "../../../common/schemas/job.js";
import { JOB_FIELD_LABELS } from "../../../common/schemas/job-labels.js";
import { nextFireTimes } from "../../../common/cron.js";
import type { JobsTable } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import type { ResourceDefinition } from "../../resources/define-resource.js";
import { z } from "zod";
import { JOB_ERRORS } from "../../../common/job-messages.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { contains, equals } from "../../resources/filters.js";
import { asFlag, asJson, columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type JobRow = Selectable<JobsTable>;

function parseParams(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const jobColumns = columnValues(jobInputSchema, {
  stored: { params: asJson, concurrent: asFlag },
});

/** The jobs resource (`/tjc/system/jobs`); the registry checks are in ./index.ts. */
export const jobResource = {
  path: "system/jobs",
  table: "jobs",
  module: "job",
  recordSchema: jobSchema,
  createSchema: jobInputSchema,
  updateSchema: jobInputSchema,
  sortable: JOB_SORT_FIELDS,
  defaultSort: ["id", "ASC"],
  filters: {
    name: contains("jobs.name"),
    group: equals("jobs.group", z.string().max(64)),
    handler: equals("jobs.handler", z.string().max(64)),
    status: equals("jobs.status", z.enum(JOB_STATUSES)),
  },
  uniqueFields: ["name"],
  // The housekeeping every installation needs may be paused, not deleted.
  async beforeWrite(change, { request }) {
    if (change.action === "delete" && change.before?.builtIn) {
      throw validationError({
        id: localizeText(JOB_ERRORS.builtIn, request.language),
      });
    }
  },
  toRecord: (row: JobRow): Job => ({
    id: row.id,
    name: row.name,
    group: row.group,
    handler: row.handler,
    params: parseParams(row.params),
    cron: row.cron,
    timezone: row.timezone,
    misfirePolicy: row.misfirePolicy as Job["misfirePolicy"],
    concurrent: Boolean(row.concurrent),
    status: row.status as Job["status"],
    timeoutSec: row.timeoutSec,
    remark: row.remark,
    builtIn: row.seedKey !== null,
    nextRuns:
      row.status === "normal" ? nextFireTimes(row.cron, row.timezone, 5) : [],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toValues: (input) => {
    const values = jobColumns(input);
    // A new schedule, or a resume, starts from now: fires before it are not "missed"
    // (the misfire policy is for fires lost while no instance ran or the job was blocked).
    if (
      input.cron !== undefined ||
      input.timezone !== undefined ||
      input.status !== undefined
    ) {
      values.lastFireAt = nowIso();
    }
    return values;
  },
  fieldLabels: JOB_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "name" },
    { key: "group" },
    { key: "handler" },
    { key: "cron" },
    { key: "timezone" },
    { key: "misfirePolicy", values: choiceLabels("jobMisfire") },
    { key: "concurrent", values: choiceLabels("yesNo") },
    { key: "status", values: choiceLabels("jobStatus") },
    { key: "timeoutSec" },
    { key: "remark" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  JobRow,
  Job,
  typeof jobInputSchema,
  typeof jobInputSchema
>;

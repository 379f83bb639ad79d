import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Selectable } from "kysely";
import { z } from "zod";
import {
  JOB_LOG_SORT_FIELDS,
  JOB_LOG_STATUSES,
  JOB_TRIGGERS,
  jobLogSchema,
  type JobLog,
} from "../../../common/schemas/job.js";
import { JOB_LOG_FIELD_LABELS } from "../../../common/schemas/job-labels.js";
import type { JobLogsTable } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { notFound } from "../../http/errors.js";
import {
  envelope,
  idParams,
  type ResourceDefinition,
  MAX_INT32,
} from "../../resources/resource-definition.js";
import { resourceQueries } from "../../resources/resource-queries.js";
import { registerListRoutes } from "../../resources/list-routes.js";
import { contains, dateRange, equals } from "../../resources/filters.js";
import { choiceLabels } from "../../../common/choice-labels.js";
import { jobLogText } from "../../../common/job-messages.js";
import type { Language } from "../../../common/codes.js";

type JobLogRow = Selectable<JobLogsTable>;

/** A log as its reader reads it: the scheduler's keyed message and error in their language. */
function inLanguage(log: JobLog, language: Language): JobLog {
  return {
    ...log,
    message: jobLogText(log.message, language),
    error: jobLogText(log.error, language),
  };
}

/** Logs are written by the scheduler only: the resource is read, exported and cleared. */
const noInput = z.object({});

export const jobLogResource = {
  path: "system/job-logs",
  table: "jobLogs",
  module: "jobLog",
  recordSchema: jobLogSchema,
  createSchema: noInput,
  updateSchema: noInput,
  sortable: JOB_LOG_SORT_FIELDS,
  defaultSort: ["id", "DESC"],
  filters: {
    jobId: equals(
      "jobLogs.jobId",
      z.coerce.number().int().positive().max(MAX_INT32),
    ),
    jobName: contains("jobLogs.jobName"),
    handler: equals("jobLogs.handler", z.string().max(64)),
    status: equals("jobLogs.status", z.enum(JOB_LOG_STATUSES)),
    trigger: equals("jobLogs.trigger", z.enum(JOB_TRIGGERS)),
    ...dateRange("started", "jobLogs.startedAt"),
  },
  toRecord: (row: JobLogRow): JobLog => ({
    id: row.id,
    jobId: row.jobId,
    jobName: row.jobName,
    handler: row.handler,
    trigger: row.trigger as JobLog["trigger"],
    scheduledAt: row.scheduledAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    durationMs: row.durationMs,
    status: row.status as JobLog["status"],
    message: row.message,
    error: row.error,
    instance: row.instance,
  }),
  toValues: () => ({}),
  present: (records, request) =>
    records.map((log) => inLanguage(log, request.language)),
  fieldLabels: JOB_LOG_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "jobId" },
    { key: "jobName" },
    { key: "handler" },
    { key: "trigger", values: choiceLabels("jobTrigger") },
    { key: "scheduledAt", time: true },
    { key: "startedAt", time: true },
    { key: "finishedAt", time: true },
    { key: "durationMs" },
    { key: "status", values: choiceLabels("jobLogStatus") },
    { key: "message" },
    { key: "error" },
    { key: "instance" },
  ],
} satisfies ResourceDefinition<
  JobLogRow,
  JobLog,
  typeof noInput,
  typeof noInput
>;

/** `/tjc/system/job-logs`: list, filter, export, one log, and "clear logs older than". */
export const jobLogRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const queries = resourceQueries<JobLogRow>(app, jobLogResource);
  registerListRoutes(app, jobLogResource, queries);

  app.get(
    "/system/job-logs/:id",
    {
      config: { permission: "jobLog:read" },
      schema: {
        tags: ["system/job-logs"],
        summary: "One job log",
        params: idParams,
        response: { 200: envelope(jobLogSchema) },
      },
    },
    async (request) => {
      const row = await queries.findRow(request.params.id);
      if (!row) throw notFound();
      return ok(inLanguage(jobLogResource.toRecord(row), request.language));
    },
  );

  app.post(
    "/system/job-logs/clear",
    {
      config: { permission: "jobLog:delete" },
      schema: {
        tags: ["system/job-logs"],
        summary:
          "Delete the logs of runs started before a time (never a run still going); answers how many",
        body: z.strictObject({ before: z.iso.datetime({ offset: true }) }),
        response: { 200: envelope(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => {
      const before = new Date(request.body.before).toISOString();
      const result = await app.store.db
        .deleteFrom("jobLogs")
        .where("startedAt", "<", before)
        .where("status", "!=", "running")
        .executeTakeFirst();
      return ok({ deleted: Number(result.numDeletedRows) });
    },
  );
};

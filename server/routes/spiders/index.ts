import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Selectable } from "kysely";
import { z } from "zod";
import { runJobNow, runNowAnswer } from "../../jobs/run-now.js";
import {
  SPIDER_RUN_SORT_FIELDS,
  SPIDER_RUN_STATUSES,
  SPIDER_SORT_FIELDS,
  SPIDER_TARGETS,
  spiderInputSchema,
  spiderRunSchema,
  spiderSchema,
  spiderTestInputSchema,
  spiderTestSchema,
  type Spider,
  type SpiderRun,
} from "../../../common/schemas/spider.js";
import {
  SPIDER_FIELD_LABELS,
  SPIDER_RUN_FIELD_LABELS,
} from "../../../common/schemas/spider-labels.js";
import { SPIDER_ERRORS } from "../../../common/spider-messages.js";
import { jobLogText } from "../../../common/job-messages.js";
import type { SpiderRunsTable } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { envelope, idParams } from "../../resources/resource-definition.js";
import { contains, dateRange, equals } from "../../resources/filters.js";
import {
  DEFAULT_USER_AGENT,
  readRobots,
  robotsAllow,
} from "../../crawler/crawl.js";
import {
  extract,
  followableLinks,
  loadPage,
  parseDay,
  selectorParses,
} from "../../crawler/extract.js";
import { compileLinkPattern } from "../../crawler/link-pattern.js";
import { FetchRefused, safeFetch } from "../../crawler/safe-fetch.js";
import {
  spiderRecord,
  syncSpiderJob,
  type SpiderRow,
} from "../../crawler/spiders.js";
import { sanitizeStoredHtml } from "../../services/html-sanitizer.js";
import type { Language } from "../../../common/codes.js";
import {
  asFlag,
  asJson,
  asJsonSet,
  columnValues,
} from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type SpiderRunRow = Selectable<SpiderRunsTable>;

function parseErrorLog(text: string): SpiderRun["errorLog"] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as SpiderRun["errorLog"]) : [];
  } catch {
    return [];
  }
}

/**
 * A 40000 on `linkPattern` when RE2 cannot run the pattern (back-references,
 * look-around, too large): checked on save and before a test fetches anything.
 */
function checkLinkPattern(
  source: string | null | undefined,
  errors: Record<string, string>,
  language: Language,
): void {
  if (source && !compileLinkPattern(source))
    errors.linkPattern = localizeText(SPIDER_ERRORS.patternEngine, language);
}

function refusal(reason: string, language: Language): string {
  return localizeText(SPIDER_ERRORS.refused, language).replace(
    "{reason}",
    reason,
  );
}

export const spiderResource = {
  path: "spiders",
  table: "spiders",
  module: "spider",
  recordSchema: spiderSchema,
  createSchema: spiderInputSchema,
  updateSchema: spiderInputSchema,
  sortable: SPIDER_SORT_FIELDS,
  defaultSort: ["id", "DESC"],
  filters: {
    name: contains("spiders.name"),
    target: equals("spiders.target", z.enum(SPIDER_TARGETS)),
    enabled: {
      schema: z.boolean(),
      where: (value: boolean) =>
        sql<boolean>`spiders.enabled = ${value ? 1 : 0}`,
    },
  },
  uniqueFields: ["name"],
  // Selectors must parse and tags exist: each a 40000 naming its field, before anything
  // is written.
  async beforeWrite(change, { trx, request }) {
    const input = change.input as Partial<Spider> | undefined;
    if (!input) return;
    const language = request.language;
    const errors: Record<string, string> = {};
    checkLinkPattern(input.linkPattern, errors, language);
    for (const [key, selector] of Object.entries(input.selectors ?? {})) {
      if (selector && !(await selectorParses(selector)))
        errors[`selectors.${key}`] = localizeText(
          SPIDER_ERRORS.selector,
          language,
        );
    }
    if (input.defaultTagIds && input.defaultTagIds.length > 0) {
      const found = await trx
        .selectFrom("tags")
        .select("id")
        .where("id", "in", input.defaultTagIds)
        .execute();
      if (found.length !== new Set(input.defaultTagIds).size)
        errors.defaultTagIds = localizeText(SPIDER_ERRORS.tags, language);
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
  },
  async afterWrite(change, { trx }) {
    if (change.action === "delete") {
      if (change.before?.jobId)
        await trx
          .deleteFrom("jobs")
          .where("id", "=", change.before.jobId)
          .execute();
      return;
    }
    await syncSpiderJob(trx, change.id);
  },
  toRecord: (row: SpiderRow): Spider => spiderRecord(row),
  toValues: columnValues(spiderInputSchema, {
    stored: {
      startUrls: asJsonSet,
      selectors: asJson,
      defaultTagIds: asJsonSet,
      enabled: asFlag,
    },
  }),
  fieldLabels: SPIDER_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "name" },
    { key: "startUrls" },
    { key: "linkPattern" },
    { key: "maxPages" },
    { key: "delayMs" },
    { key: "target", values: choiceLabels("spiderTarget") },
    { key: "enabled", values: choiceLabels("yesNo") },
    { key: "cron" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  SpiderRow,
  Spider,
  typeof spiderInputSchema,
  typeof spiderInputSchema
>;

/**
 * `/tjc/spiders` (the crawler's sources, each run by its job), `/tjc/spider-runs` (the
 * run log), run-now, and "test selectors" on one page.
 */
export const spiderRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/spiders/:id/run",
    {
      config: { permission: "spider:run" },
      schema: {
        tags: ["spiders"],
        summary:
          "Run a source once now, through its job (answers the job log id; `skipped` while a run is going)",
        params: idParams,
        response: { 200: runNowAnswer },
      },
    },
    async (request) => {
      const id = request.params.id;
      let row = await app.store.db
        .selectFrom("spiders")
        .select(["id", "jobId"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.jobId === null) {
        // Its job was deleted from the job screen: a run brings it back.
        await syncSpiderJob(app.store.db, id);
        row = await app.store.db
          .selectFrom("spiders")
          .select(["id", "jobId"])
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
      }
      return runJobNow(app, row.jobId!);
    },
  );

  registerSpiderTest(app);

  defineResource(app, spiderResource);

  defineResource(app, {
    path: "spider-runs",
    table: "spiderRuns",
    module: "spider",
    readOnly: true,
    recordSchema: spiderRunSchema,
    createSchema: z.object({}),
    updateSchema: z.object({}),
    sortable: SPIDER_RUN_SORT_FIELDS,
    defaultSort: ["startedAt", "DESC"],
    filters: {
      spiderId: equals("spider_id", z.number().int().positive()),
      status: equals("status", z.enum(SPIDER_RUN_STATUSES)),
      ...dateRange("startedAt", "started_at"),
    },
    toRecord: (row: SpiderRunRow): SpiderRun => ({
      id: row.id,
      spiderId: row.spiderId,
      jobLogId: row.jobLogId,
      status: row.status as SpiderRun["status"],
      startedAt: row.startedAt,
      finishedAt: row.finishedAt,
      pagesFetched: row.pagesFetched,
      itemsCreated: row.itemsCreated,
      duplicatesSkipped: row.duplicatesSkipped,
      blockedByRobots: row.blockedByRobots,
      errors: row.errors,
      errorLog: parseErrorLog(row.errorLog),
      message: row.message,
    }),
    toValues: () => ({}),
    // A finished run's summary reads in the reader's language (common/job-messages.ts).
    present: (runs, request) =>
      runs.map((run) => ({
        ...run,
        message: jobLogText(run.message, request.language),
      })),
    fieldLabels: SPIDER_RUN_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "spiderId" },
      { key: "status", values: choiceLabels("spiderRunStatus") },
      { key: "startedAt", time: true },
      { key: "finishedAt", time: true },
      { key: "pagesFetched" },
      { key: "itemsCreated" },
      { key: "duplicatesSkipped" },
      { key: "blockedByRobots" },
      { key: "errors" },
      { key: "message" },
    ],
  });
};

/** Tries a source's selectors and link pattern on one page, saving nothing. */
function registerSpiderTest(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/spiders/test",
    {
      config: { permission: "spider:run" },
      schema: {
        tags: ["spiders"],
        summary:
          "Fetch one page (robots.txt and the address rules apply) and show what each selector extracts",
        body: spiderTestInputSchema,
        response: { 200: envelope(spiderTestSchema) },
      },
    },
    async (request) => {
      const { url, selectors, linkPattern } = request.body;
      const language = request.language;
      const errors: Record<string, string> = {};
      checkLinkPattern(linkPattern, errors, language);
      for (const [key, selector] of Object.entries(selectors)) {
        if (selector && !(await selectorParses(selector)))
          errors[`selectors.${key}`] = localizeText(
            SPIDER_ERRORS.selector,
            language,
          );
      }
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const userAgent = request.body.userAgent ?? DEFAULT_USER_AGENT;
      const allowPrivate = app.config.spider.allowPrivate;
      const signal = AbortSignal.timeout(30_000);
      try {
        const robots = await readRobots(
          new URL(url).origin,
          userAgent,
          allowPrivate,
          signal,
        );
        if (!robotsAllow(robots, url, userAgent))
          throw validationError({
            url: localizeText(SPIDER_ERRORS.robots, language),
          });
        const answer = await safeFetch(url, {
          allowPrivate,
          userAgent,
          signal,
          accept: "text/html,application/xhtml+xml",
        });
        const $ = await loadPage(answer.body.toString("utf8"));
        const found = extract($, answer.url, selectors);
        const pattern = linkPattern ? compileLinkPattern(linkPattern)! : null;
        return ok({
          url: answer.url,
          status: answer.status,
          title: found.title,
          content: found.contentHtml
            ? sanitizeStoredHtml(found.contentHtml).slice(0, 20_000)
            : null,
          author: found.author,
          date: parseDay(found.date) ?? found.date,
          cover: found.cover,
          matches: found.matches,
          links: followableLinks($, answer.url, [new URL(url)], pattern).slice(
            0,
            50,
          ),
        });
      } catch (error) {
        if (error instanceof FetchRefused)
          throw validationError({ url: refusal(error.message, language) });
        throw error;
      }
    },
  );
}

export default spiderRoutes;

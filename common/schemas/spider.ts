import { z } from "zod";
import { clearable, MAX_INT32 } from "./fields.js";
import { emptyAsNull, nullableText } from "./text.js";
import { cronField } from "./job.js";
import { SPIDER_ERRORS } from "../spider-messages.js";

export const SPIDER_TARGETS = ["sermon", "article"] as const;
export const SPIDER_RUN_STATUSES = ["running", "success", "failed"] as const;
export const MAX_SPIDER_PAGES = 1000;
export const MAX_SPIDER_DELAY_MS = 60_000;
export const MAX_START_URLS = 20;

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === "http:" || url.protocol === "https:";
      } catch {
        return false;
      }
    },
    { message: SPIDER_ERRORS.url },
  );

const pattern = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => {
      try {
        new RegExp(value);
        return true;
      } catch {
        return false;
      }
    },
    { message: SPIDER_ERRORS.pattern },
  );

/** A CSS selector; the server checks it parses (the admin has no selector engine). */
const selector = z.string().trim().min(1).max(300);
const optionalSelector = nullableText(300);

export const spiderSelectorsSchema = z.strictObject({
  title: selector,
  content: selector,
  author: optionalSelector,
  date: optionalSelector,
  cover: optionalSelector,
});
export type SpiderSelectors = z.infer<typeof spiderSelectorsSchema>;

/** A crawler source as the admin sends it (the server also checks selectors and tags). */
export const spiderInputSchema = z.object({
  name: z.string().trim().min(1).max(64),
  startUrls: z.array(httpUrl).min(1).max(MAX_START_URLS),
  linkPattern: emptyAsNull(pattern),
  maxPages: clearable(z.number().int().min(1).max(MAX_SPIDER_PAGES), 50),
  delayMs: clearable(z.number().int().min(0).max(MAX_SPIDER_DELAY_MS), 1000),
  userAgent: nullableText(200),
  enabled: clearable(z.boolean(), true),
  selectors: spiderSelectorsSchema,
  target: z.enum(SPIDER_TARGETS),
  defaultTagIds: clearable(
    z.array(z.number().int().positive().max(MAX_INT32)).max(20),
    [],
  ),
  /** When it runs (a job of handler spider.run keeps it). */
  cron: clearable(cronField, "0 0 3 * * *"),
  remark: nullableText(500),
});
export type SpiderInput = z.input<typeof spiderInputSchema>;

export const spiderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startUrls: z.array(z.string()),
  linkPattern: z.string().nullable(),
  maxPages: z.number().int(),
  delayMs: z.number().int(),
  userAgent: z.string().nullable(),
  enabled: z.boolean(),
  selectors: spiderSelectorsSchema,
  target: z.enum(SPIDER_TARGETS),
  defaultTagIds: z.array(z.number().int()),
  cron: z.string(),
  jobId: z.number().int().nullable(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Spider = z.infer<typeof spiderSchema>;

export const SPIDER_SORT_FIELDS = [
  "id",
  "name",
  "target",
  "enabled",
  "createdAt",
  "updatedAt",
] as const;

export const spiderRunSchema = z.object({
  id: z.number().int(),
  spiderId: z.number().int(),
  jobLogId: z.number().int().nullable(),
  status: z.enum(SPIDER_RUN_STATUSES),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  pagesFetched: z.number().int(),
  itemsCreated: z.number().int(),
  duplicatesSkipped: z.number().int(),
  blockedByRobots: z.number().int(),
  errors: z.number().int(),
  errorLog: z.array(z.object({ url: z.string(), message: z.string() })),
  message: z.string().nullable(),
});
export type SpiderRun = z.infer<typeof spiderRunSchema>;

export const SPIDER_RUN_SORT_FIELDS = [
  "id",
  "startedAt",
  "status",
  "pagesFetched",
  "itemsCreated",
  "duplicatesSkipped",
  "errors",
] as const;

/** What "test selectors" answers: the values each selector found on one page. */
export const spiderTestSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  author: z.string().nullable(),
  date: z.string().nullable(),
  cover: z.string().nullable(),
  /** How many elements each selector matched. */
  matches: z.record(z.string(), z.number().int()),
  /** The links a run would follow from this page (the first 50). */
  links: z.array(z.string()),
});
export type SpiderTest = z.infer<typeof spiderTestSchema>;

export const spiderTestInputSchema = z.strictObject({
  url: httpUrl,
  selectors: spiderSelectorsSchema,
  linkPattern: emptyAsNull(pattern),
  userAgent: nullableText(200),
});

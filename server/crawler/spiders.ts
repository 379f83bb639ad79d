import type { Kysely, Selectable } from "kysely";
import type { Spider, SpiderSelectors } from "../../common/schemas/spider.js";
import { DEFAULT_JOB_TIMEZONE } from "../../common/cron.js";
import type { Database, SpidersTable } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";

export type SpiderRow = Selectable<SpidersTable>;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function spiderRecord(row: SpiderRow): Spider {
  return {
    id: row.id,
    name: row.name,
    startUrls: parseJson<string[]>(row.startUrls, []),
    linkPattern: row.linkPattern,
    maxPages: row.maxPages,
    delayMs: row.delayMs,
    userAgent: row.userAgent,
    enabled: Boolean(row.enabled),
    selectors: parseJson<SpiderSelectors>(row.selectors, {
      title: "h1",
      content: "article",
      author: null,
      date: null,
      cover: null,
    }),
    target: row.target as Spider["target"],
    defaultTagIds: parseJson<number[]>(row.defaultTagIds, []),
    cron: row.cron,
    jobId: row.jobId,
    remark: row.remark,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

export async function loadSpider(
  db: Kysely<Database>,
  id: number,
): Promise<Spider | undefined> {
  const row = await db
    .selectFrom("spiders")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? spiderRecord(row) : undefined;
}

/** The name of a source's job: unique, as job names are. */
export function spiderJobName(id: number, name: string): string {
  return `spider#${id} ${name}`.slice(0, 64);
}

/**
 * Keeps a source's job in step with it: the job of handler spider.run that fires on the
 * source's cron, paused while the source is disabled. Created on the first save.
 */
export async function syncSpiderJob(
  db: Kysely<Database>,
  spiderId: number,
): Promise<void> {
  const row = await db
    .selectFrom("spiders")
    .selectAll()
    .where("id", "=", spiderId)
    .executeTakeFirstOrThrow();
  const stamp = nowIso();
  const values = {
    name: spiderJobName(row.id, row.name),
    group: "spider",
    handler: "spider.run",
    params: JSON.stringify({ spiderId: row.id }),
    cron: row.cron,
    timezone: DEFAULT_JOB_TIMEZONE,
    status: row.enabled ? "normal" : "paused",
    updatedAt: stamp,
  };
  const existing =
    row.jobId === null
      ? undefined
      : await db
          .selectFrom("jobs")
          .select(["id", "cron", "status"])
          .where("id", "=", row.jobId)
          .executeTakeFirst();
  if (existing) {
    // A new schedule or a resume starts from now (as the jobs' own writes do).
    const restart =
      existing.cron !== values.cron || existing.status !== values.status;
    await db
      .updateTable("jobs")
      .set((eb) => ({
        ...values,
        ...(restart ? { lastFireAt: stamp } : {}),
        version: eb("version", "+", 1),
      }))
      .where("id", "=", existing.id)
      .execute();
    return;
  }
  const job = await db
    .insertInto("jobs")
    .values({
      ...values,
      misfirePolicy: "doNothing",
      concurrent: 0,
      timeoutSec: 3600,
      remark: "Crawler source (spiderManage)",
      lastFireAt: stamp,
      createdAt: stamp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("spiders")
    .set({ jobId: job.id })
    .where("id", "=", spiderId)
    .execute();
}

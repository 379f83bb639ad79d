import { z } from "zod";
import { nowIso } from "../../db/dialect.js";
import { crawl, type CrawlStats } from "../../crawler/crawl.js";
import { loadSpider } from "../../crawler/spiders.js";
import {
  JOB_LOG_KEYS,
  storedJobLogMessage,
  type JobLogMessage,
} from "../../../common/job-messages.js";
import { defineJobHandler } from "../registry.js";

/** The run's numbers for the job log and the run log, worded in each reader's language. */
function logMessage(stats: CrawlStats): JobLogMessage {
  return {
    key: JOB_LOG_KEYS.crawled,
    params: {
      pages: stats.pagesFetched,
      created: stats.itemsCreated,
      duplicates: stats.duplicatesSkipped,
      blocked: stats.blockedByRobots,
      errors: stats.errors,
    },
  };
}

/**
 * One crawler run of one source (issue 13 item 5). Each source's job names this handler
 * with its id; the run's numbers go to the source's run log (spider_runs), its summary to
 * the job log, and the run row names the job log row (job_log_id).
 */
export const spiderRun = defineJobHandler({
  name: "spider.run",
  label: { "zh-CN": "采集", "en-US": "Crawler run" },
  description: {
    "zh-CN": "按采集源的配置抓取网页，把新内容保存为草稿。",
    "en-US": "Crawls a source's pages and saves new content as drafts.",
  },
  params: z.object({ spiderId: z.number().int().positive() }).strict(),
  async run({ spiderId }, { app, signal, logId }) {
    const spider = await loadSpider(app.store.db, spiderId);
    if (!spider) throw new Error(`crawler source ${spiderId} does not exist`);
    // Tags deleted since the source was saved are left out, not a failed page.
    if (spider.defaultTagIds.length > 0) {
      const tags = await app.store.db
        .selectFrom("tags")
        .select("id")
        .where("id", "in", spider.defaultTagIds)
        .execute();
      const existing = new Set(tags.map((tag) => tag.id));
      spider.defaultTagIds = spider.defaultTagIds.filter((id) =>
        existing.has(id),
      );
    }
    const run = await app.store.db
      .insertInto("spiderRuns")
      .values({
        spiderId,
        // The job run that started this crawl: the run log links to its job log.
        jobLogId: logId ?? null,
        status: "running",
        startedAt: nowIso(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const write = (stats: CrawlStats) =>
      app.store.db
        .updateTable("spiderRuns")
        .set({
          pagesFetched: stats.pagesFetched,
          itemsCreated: stats.itemsCreated,
          duplicatesSkipped: stats.duplicatesSkipped,
          blockedByRobots: stats.blockedByRobots,
          errors: stats.errors,
          errorLog: JSON.stringify(stats.errorLog),
        })
        .where("id", "=", run.id)
        .execute();
    let stats: CrawlStats | undefined;
    try {
      stats = await crawl(app, spider, {
        signal,
        progress: async (progress) => {
          stats = progress;
          await write(progress);
        },
      });
      await write(stats);
      const message = storedJobLogMessage(logMessage(stats));
      await app.store.db
        .updateTable("spiderRuns")
        .set({ status: "success", finishedAt: nowIso(), message })
        .where("id", "=", run.id)
        .execute();
      return logMessage(stats);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (stats) await write(stats);
      await app.store.db
        .updateTable("spiderRuns")
        .set({
          status: "failed",
          finishedAt: nowIso(),
          message: reason.slice(0, 2000),
        })
        .where("id", "=", run.id)
        .execute();
      throw error;
    }
  },
});

export const SPIDER_HANDLERS = [spiderRun];

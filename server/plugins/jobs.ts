import fp from "fastify-plugin";
import { JobRegistry } from "../jobs/registry.js";
import { Scheduler } from "../jobs/scheduler.js";
import { HOUSEKEEPING_HANDLERS } from "../jobs/handlers/housekeeping.js";
import { testWait } from "../jobs/handlers/diagnostics.js";
import { seedJobs } from "../jobs/seed.js";
import { BEHAVIOR_HANDLERS } from "../jobs/handlers/behavior.js";
import { PUBLISHING_HANDLERS } from "../jobs/handlers/publishing.js";
import { SPIDER_HANDLERS } from "../jobs/handlers/spider.js";
import { noticeDigest } from "../services/notification-mail/digest.js";

/**
 * The job handler registry (`app.jobHandlers`) and this instance's scheduler
 * (`app.scheduler`), started when the app is ready unless JOB_SCHEDULER=off, stopped
 * before the store closes. A feature adds its handler here: one more registry entry.
 */
export const jobsPlugin = fp(
  async (app) => {
    await seedJobs(app.store);
    const registry = new JobRegistry();
    for (const handler of [
      ...HOUSEKEEPING_HANDLERS,
      ...BEHAVIOR_HANDLERS,
      ...PUBLISHING_HANDLERS,
      ...SPIDER_HANDLERS,
      noticeDigest,
    ]) {
      registry.register(handler);
    }
    if (app.config.jobs.testHandlers) registry.register(testWait);
    const scheduler = new Scheduler({
      app,
      registry,
      tickMs: app.config.jobs.tickMs,
    });
    app.decorate("jobHandlers", registry);
    app.decorate("scheduler", scheduler);
    if (app.config.jobs.enabled) {
      app.addHook("onReady", async () => scheduler.start());
    }
    app.addHook("preClose", async () => scheduler.stop());
  },
  { name: "jobs", dependencies: ["store"] },
);

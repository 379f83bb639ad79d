import os from "node:os";
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Selectable } from "kysely";
import { checkCron, fireTimesBetween } from "../../common/cron.js";
import type { JobsTable } from "../db/schema.js";
import { nowIso } from "../db/dialect.js";
import type { JobRegistry } from "./registry.js";
import {
  JOB_LOG_KEYS,
  storedJobLogMessage,
  type JobLogMessage,
} from "../../common/job-messages.js";

type JobRow = Selectable<JobsTable>;
type Trigger = "schedule" | "manual" | "misfire";

/** A fire later than this after its time counts as missed (misfire policy applies). */
export const MISFIRE_THRESHOLD_MS = 5_000;
/** At most this many missed fires are run by `fireAll`: the newest ones. */
export const MAX_MISFIRES = 100;
/** A non-concurrent run's lease not renewed for this long belongs to a dead instance. */
export const LEASE_STALE_MS = 15_000;
const MAX_MESSAGE = 2000;
const MAX_ERROR = 8000;

export interface SchedulerOptions {
  app: FastifyInstance;
  registry: JobRegistry;
  clock?: () => number;
  /** How often the jobs table is read; pause/resume reach every instance within it. */
  tickMs?: number;
  instance?: string;
}

export interface StartedRun {
  logId: number;
  status: "running" | "skipped";
  /** Settles when the run is logged as finished. */
  finished: Promise<void>;
}

/** This process's name in the logs: host, pid and a random tag (pids repeat). */
export function instanceName(): string {
  return `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(2).toString("hex")}`;
}

/**
 * Fires jobs. Every instance runs one; each tick it reads the jobs and claims the fires
 * that are due by moving the job's cursor (`last_fire_at`) forward with a compare-and-set:
 * only one instance's update matches the old cursor, so each fire runs once however many
 * instances share the database (docs/operations.md, "Scheduled jobs").
 */
export class Scheduler {
  readonly instance: string;
  private readonly app: FastifyInstance;
  private readonly registry: JobRegistry;
  private readonly clock: () => number;
  private readonly tickMs: number;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private stopping = false;
  /** Runs in flight here, by log id. */
  private readonly runs = new Map<
    number,
    { controller: AbortController; finished: Promise<void> }
  >();
  /** Leases this instance holds (non-concurrent runs), renewed every tick. */
  private readonly leases = new Set<string>();
  /** Chains of fires being worked through, so a job's claimed fires run in order. */
  private readonly chains = new Set<Promise<void>>();

  constructor(options: SchedulerOptions) {
    this.app = options.app;
    this.registry = options.registry;
    this.clock = options.clock ?? (() => Date.now());
    this.tickMs = options.tickMs ?? 1000;
    this.instance = options.instance ?? instanceName();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    this.timer.unref();
  }

  /** Stops firing, aborts the runs in flight and waits (briefly) for their logs. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
    for (const run of this.runs.values()) run.controller.abort();
    await Promise.race([
      Promise.allSettled([
        ...[...this.runs.values()].map((run) => run.finished),
        ...this.chains,
      ]),
      new Promise((resolve) => setTimeout(resolve, 2000).unref()),
    ]);
  }

  /** One pass: renew leases, then claim and start every due fire. Never throws. */
  tick(): Promise<void> {
    if (this.ticking || this.stopping) return this.ticking ?? Promise.resolve();
    this.ticking = this.pass().finally(() => {
      this.ticking = undefined;
    });
    return this.ticking;
  }

  /** Waits until every run started so far has finished and been logged (tests). */
  async idle(): Promise<void> {
    while (this.chains.size > 0 || this.runs.size > 0) {
      await Promise.allSettled([
        ...this.chains,
        ...[...this.runs.values()].map((run) => run.finished),
      ]);
    }
  }

  private async pass(): Promise<void> {
    try {
      await this.renewLeases();
      const jobs = await this.app.store.db
        .selectFrom("jobs")
        .selectAll()
        .where("status", "=", "normal")
        .execute();
      for (const job of jobs) {
        try {
          await this.fireDue(job);
        } catch (error) {
          this.app.log.error({ err: error, jobId: job.id }, "job fire failed");
        }
      }
    } catch (error) {
      this.app.log.error({ err: error }, "scheduler tick failed");
    }
  }

  private async renewLeases(): Promise<void> {
    if (this.leases.size === 0) return;
    await this.app.store.db
      .updateTable("jobs")
      .set({ runningSeenAt: nowIso(this.clock()) })
      .where("runningBy", "in", [...this.leases])
      .execute();
  }

  private async fireDue(job: JobRow): Promise<void> {
    const checked = checkCron(job.cron, job.timezone);
    if (!checked.ok) return; // Refused on save; an old row with a bad cron just never fires.
    const now = this.clock();
    const { times, total } = fireTimesBetween(
      checked.cron,
      new Date(job.lastFireAt),
      new Date(now),
      MAX_MISFIRES,
    );
    if (total === 0) return;
    const newest = times[times.length - 1]!;
    // The claim: only the instance whose update still sees the old cursor owns these fires.
    const claim = await this.app.store.db
      .updateTable("jobs")
      .set({ lastFireAt: nowIso(newest.getTime()) })
      .where("id", "=", job.id)
      .where("lastFireAt", "=", job.lastFireAt)
      .where("status", "=", "normal")
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) !== 1) return;

    const missed = times.filter(
      (t) => now - t.getTime() > MISFIRE_THRESHOLD_MS,
    );
    const onTime = times.filter(
      (t) => now - t.getTime() <= MISFIRE_THRESHOLD_MS,
    );
    const fires: { at: Date; trigger: Trigger }[] = [];
    if (missed.length > 0) {
      switch (job.misfirePolicy) {
        case "fireAll":
          for (const at of missed) fires.push({ at, trigger: "misfire" });
          break;
        case "fireOnce":
          fires.push({ at: missed[missed.length - 1]!, trigger: "misfire" });
          break;
        default: // doNothing: wait for the next fire.
          break;
      }
    }
    for (const at of onTime) fires.push({ at, trigger: "schedule" });
    if (fires.length === 0) return;

    // One chain per claim: a job's fires start in order; a concurrent job's next fire does
    // not wait for the last one's end, a non-concurrent one's lease decides.
    const chain = (async () => {
      for (const fire of fires) {
        const started = await this.startRun(
          job,
          nowIso(fire.at.getTime()),
          fire.trigger,
        );
        if (!job.concurrent && fires.length > 1) await started.finished;
      }
    })()
      .catch((error) =>
        this.app.log.error({ err: error, jobId: job.id }, "job run failed"),
      )
      .finally(() => this.chains.delete(chain));
    this.chains.add(chain);
  }

  /** Runs a job once now, as an administrator asked (POST /jobs/:id/run). */
  async runNow(jobId: number): Promise<StartedRun | undefined> {
    const job = await this.app.store.db
      .selectFrom("jobs")
      .selectAll()
      .where("id", "=", jobId)
      .executeTakeFirst();
    if (!job) return undefined;
    return this.startRun(job, nowIso(this.clock()), "manual");
  }

  /**
   * Logs and starts one run. A non-concurrent job first takes the lease; if another run
   * (on any instance) holds it, the fire is logged as `skipped`.
   */
  async startRun(
    job: JobRow,
    scheduledAt: string,
    trigger: Trigger,
  ): Promise<StartedRun> {
    const db = this.app.store.db;
    const startedAt = this.clock();
    const base = {
      jobId: job.id,
      jobName: job.name,
      handler: job.handler,
      trigger,
      scheduledAt,
      startedAt: nowIso(startedAt),
      instance: this.instance,
    };
    let lease: string | undefined;
    if (!job.concurrent) {
      lease = `${this.instance}/${randomBytes(6).toString("hex")}`;
      const taken = await db
        .updateTable("jobs")
        .set({ runningBy: lease, runningSeenAt: nowIso(startedAt) })
        .where("id", "=", job.id)
        .where((eb) =>
          eb.or([
            eb("runningBy", "is", null),
            eb("runningSeenAt", "<", nowIso(startedAt - LEASE_STALE_MS)),
          ]),
        )
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) {
        const skipped = await db
          .insertInto("jobLogs")
          .values({
            ...base,
            status: "skipped",
            finishedAt: nowIso(startedAt),
            durationMs: 0,
            message: storedJobLogMessage({ key: JOB_LOG_KEYS.skippedRunning }),
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return {
          logId: skipped.id,
          status: "skipped",
          finished: Promise.resolve(),
        };
      }
      this.leases.add(lease);
      // Holding the lease, no other run of this job is alive: a `running` log left by a
      // dead instance is closed as failed, so the log never shows a run forever going.
      await db
        .updateTable("jobLogs")
        .set({
          status: "failed",
          finishedAt: nowIso(startedAt),
          error: storedJobLogMessage({ key: JOB_LOG_KEYS.instanceStopped }),
        })
        .where("jobId", "=", job.id)
        .where("status", "=", "running")
        .execute();
    }
    const log = await db
      .insertInto("jobLogs")
      .values({ ...base, status: "running" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const controller = new AbortController();
    const finished = this.execute(
      job,
      log.id,
      startedAt,
      scheduledAt,
      controller,
    )
      .catch((error) =>
        this.app.log.error({ err: error, jobId: job.id }, "job log failed"),
      )
      .finally(async () => {
        this.runs.delete(log.id);
        if (lease) {
          this.leases.delete(lease);
          await db
            .updateTable("jobs")
            .set({ runningBy: null, runningSeenAt: null })
            .where("id", "=", job.id)
            .where("runningBy", "=", lease)
            .execute()
            .catch(() => undefined);
        }
      });
    this.runs.set(log.id, { controller, finished });
    return { logId: log.id, status: "running", finished };
  }

  private async execute(
    job: JobRow,
    logId: number,
    startedAt: number,
    scheduledAt: string,
    controller: AbortController,
  ): Promise<void> {
    let status: "success" | "failed" = "success";
    let message: string | null = null;
    let error: string | null = null;
    let timer: NodeJS.Timeout | undefined;
    try {
      const handler = this.registry.get(job.handler);
      if (!handler) throw new Error(`no handler named "${job.handler}"`);
      const params = handler.params.parse(JSON.parse(job.params || "{}"));
      const run = handler.run(params, {
        app: this.app,
        signal: controller.signal,
        scheduledAt,
        now: this.clock,
        logId,
      });
      const outcomes: Promise<JobLogMessage | string | void>[] = [run];
      if (job.timeoutSec > 0) {
        outcomes.push(
          new Promise((_, reject) => {
            timer = setTimeout(() => {
              controller.abort();
              reject(new TimeoutError(job.timeoutSec));
            }, job.timeoutSec * 1000);
          }),
        );
      }
      // A handler that ignores its signal cannot hold the log: the race ends at the timeout.
      run.catch(() => undefined);
      // Every run counts in the job metrics (runs, failures, duration) by its handler.
      const race = () => Promise.race(outcomes);
      const said = await (this.app.metrics
        ? this.app.metrics.runJob(job.handler, race)
        : race());
      message =
        typeof said === "object" ? storedJobLogMessage(said) : said || null;
    } catch (caught) {
      status = "failed";
      if (caught instanceof TimeoutError)
        message = storedJobLogMessage({
          key: JOB_LOG_KEYS.timedOut,
          params: { seconds: caught.seconds },
        });
      error =
        caught instanceof Error
          ? (caught.stack ?? caught.message)
          : String(caught);
    } finally {
      clearTimeout(timer);
    }
    const finishedAt = this.clock();
    await this.app.store.db
      .updateTable("jobLogs")
      .set({
        status,
        finishedAt: nowIso(finishedAt),
        durationMs: Math.max(0, Math.round(finishedAt - startedAt)),
        message: message?.slice(0, MAX_MESSAGE) ?? null,
        error: error?.slice(0, MAX_ERROR) ?? null,
      })
      .where("id", "=", logId)
      .execute();
  }
}

class TimeoutError extends Error {
  constructor(readonly seconds: number) {
    super(`timed out after ${seconds} s`);
    this.name = "TimeoutError";
  }
}

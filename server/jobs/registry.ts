import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { Language } from "../../common/codes.js";
import type { JobHandlerInfo } from "../../common/schemas/job.js";
import type { JobLogMessage } from "../../common/job-messages.js";

/** What a handler gets for one run. */
export interface JobContext {
  app: FastifyInstance;
  /** Aborted when the run passes its job's timeoutSec or the server shuts down. */
  signal: AbortSignal;
  /** The time the run is for (ISO UTC): the fire time, or now for a manual run. */
  scheduledAt: string;
  /** The scheduler's clock (a fake one in tests). */
  now(): number;
  /**
   * The job log row of this run, so a handler can link its own records to it (a crawler
   * run to its job run). Absent only when a test calls a handler directly.
   */
  logId?: number;
}

/**
 * One entry of the handler registry. A job names an entry; nothing is ever evaluated from
 * a string. `params` is a zod object: it checks a job's params on save and before each
 * run, and its JSON Schema drives the admin's params form.
 */
export interface JobHandler<P extends z.ZodObject = z.ZodObject> {
  name: string;
  label: Record<Language, string>;
  description: Record<Language, string>;
  params: P;
  /**
   * Answers a short message for the log (e.g. "deleted 12 sessions"): a key of
   * `JOB_LOG_MESSAGES` with its values, so each reader sees it in their language.
   */
  run(
    params: z.output<P>,
    context: JobContext,
  ): Promise<JobLogMessage | string | void>;
}

/** Builds a handler entry with its params typed from its schema. */
export function defineJobHandler<P extends z.ZodObject>(
  handler: JobHandler<P>,
): JobHandler<P> {
  return handler;
}

export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  register(handler: JobHandler<z.ZodObject>): void {
    if (this.handlers.has(handler.name)) {
      throw new Error(`job handler "${handler.name}" is registered twice`);
    }
    if (!/^[a-zA-Z][\w.-]{0,63}$/.test(handler.name)) {
      throw new Error(`job handler name "${handler.name}" is not a plain name`);
    }
    this.handlers.set(handler.name, handler as unknown as JobHandler);
  }

  get(name: string): JobHandler | undefined {
    return this.handlers.get(name);
  }

  /** The entries as the API lists them, params as JSON Schema (what a form accepts). */
  list(): JobHandlerInfo[] {
    return [...this.handlers.values()]
      .map((handler) => ({
        name: handler.name,
        label: handler.label,
        description: handler.description,
        paramsSchema: z.toJSONSchema(handler.params, {
          io: "input",
          unrepresentable: "any",
        }) as Record<string, unknown>,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Checks params against a handler: the parsed params, or the problem as a validation key
   * with zod's issues (for `data.errors`).
   */
  parseParams(
    name: string,
    params: unknown,
  ):
    | { ok: true; params: Record<string, unknown> }
    | { ok: false; unknownHandler: boolean; issues: z.core.$ZodIssue[] } {
    const handler = this.handlers.get(name);
    if (!handler) return { ok: false, unknownHandler: true, issues: [] };
    const parsed = handler.params.safeParse(params ?? {});
    if (!parsed.success) {
      return { ok: false, unknownHandler: false, issues: parsed.error.issues };
    }
    return { ok: true, params: parsed.data as Record<string, unknown> };
  }
}

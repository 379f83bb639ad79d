import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../http/envelope.js";
import { notFound } from "../http/errors.js";
import { envelope } from "../resources/resource-definition.js";

/**
 * What a run-now route (a job's, a crawler source's) answers: the job log's id, and
 * `skipped` when a non-concurrent run was already going.
 */
export const runNowAnswer = envelope(
  z.object({
    logId: z.number(),
    status: z.enum(["running", "skipped"]),
  }),
);

/** Runs a job once now, on this instance, as runNowAnswer; 40400 when there is none. */
export async function runJobNow(app: FastifyInstance, jobId: number) {
  const started = await app.scheduler.runNow(jobId);
  if (!started) throw notFound();
  return ok({ logId: started.logId, status: started.status });
}

import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { jobHandlerInfoSchema } from "../../../common/schemas/job.js";
import { JOB_ERRORS } from "../../../common/job-messages.js";
import { VALIDATION_KEYS } from "../../../common/validation-wording.js";
import { ok } from "../../http/envelope.js";
import { validationError } from "../../http/errors.js";
import { localizeIssue, localizeText } from "../../http/validation-messages.js";
import { defineResource } from "../../resources/define-resource.js";
import { envelope, idParams } from "../../resources/resource-definition.js";
import { jobResource } from "./job-resource.js";
import { jobLogRoutes } from "./job-logs.js";
import { runJobNow, runNowAnswer } from "../../jobs/run-now.js";

/**
 * Checks a job's handler and params against the registry, after the body's own schema:
 * an unknown handler or params that do not suit it are 40000 with field errors.
 */
function checkHandler(request: FastifyRequest): void {
  const body = request.body as {
    handler?: string;
    params?: unknown;
    action?: string;
    data?: { handler?: string; params?: unknown };
  };
  const input = body.action === "update" ? body.data : body;
  if (!input || (input.handler === undefined && input.params === undefined)) {
    return;
  }
  const language = request.language;
  if (input.handler === undefined) {
    // Params only make sense against a handler: a batch update must name it too.
    throw validationError({
      handler: localizeText(VALIDATION_KEYS.required, language),
    });
  }
  const app = request.server;
  const checked = app.jobHandlers.parseParams(input.handler, input.params);
  if (checked.ok) {
    input.params = checked.params;
    return;
  }
  if (checked.unknownHandler) {
    throw validationError({
      handler: localizeText(JOB_ERRORS.handler, language),
    });
  }
  const errors: Record<string, string> = {};
  for (const issue of checked.issues) {
    const key = ["params", ...issue.path.map(String)].join(".");
    errors[key] ??= localizeIssue(issue as never, language);
  }
  if (Object.keys(errors).length === 0)
    errors.params = localizeText(JOB_ERRORS.params, language);
  throw validationError(errors);
}

/** `/tjc/system/jobs`: the jobs resource, its handler list, run-now, and the job logs. */
export const jobRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.addHook("preHandler", async (request) => {
    const method = request.method;
    const url = request.routeOptions.url ?? "";
    const writes =
      (method === "POST" &&
        (url.endsWith("/system/jobs") || url.endsWith("/system/jobs/batch"))) ||
      (method === "PUT" && url.endsWith("/system/jobs/:id"));
    if (writes) checkHandler(request);
  });

  app.get(
    "/system/jobs/handlers",
    {
      config: { permission: "job:read" },
      schema: {
        tags: ["system/jobs"],
        summary:
          "The handlers a job may name: labels in both languages and the JSON Schema of their params",
        response: { 200: envelope(z.array(jobHandlerInfoSchema)) },
      },
    },
    async () => ok(app.jobHandlers.list()),
  );

  app.post(
    "/system/jobs/:id/run",
    {
      config: { permission: "job:run" },
      schema: {
        tags: ["system/jobs"],
        summary:
          "Run a job once now, on this instance (answers its log id; `skipped` when a non-concurrent run is going)",
        params: idParams,
        response: { 200: runNowAnswer },
      },
    },
    async (request) => runJobNow(app, request.params.id),
  );

  defineResource(app, jobResource);
  await app.register(jobLogRoutes);
};

export default jobRoutes;

import fp from "fastify-plugin";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { Code, HTTP_STATUS, type Envelope } from "../../common/codes.js";
import { ApiError } from "../http/errors.js";
import { codeMessage, requestLanguage } from "../http/language.js";
import { localizeIssue, localizeText } from "../http/validation-messages.js";
import type { z } from "zod";
import { isApiPath, pathOf } from "../http/api-paths.js";
import { isForeignKeyViolation } from "../db/dialect.js";

/** Field problems as Fastify reports them from our zod validator. */
interface FieldProblem {
  instancePath?: string;
  message?: string;
  params?: { issue?: z.core.$ZodRawIssue };
}

/** Fastify's own client errors, by code, and the envelope code each one becomes. */
const FASTIFY_ERROR_CODES: Record<string, Code> = {
  FST_ERR_CTP_BODY_TOO_LARGE: Code.PAYLOAD_TOO_LARGE,
  FST_REQ_FILE_TOO_LARGE: Code.PAYLOAD_TOO_LARGE,
  FST_PARTS_LIMIT: Code.PAYLOAD_TOO_LARGE,
  FST_FILES_LIMIT: Code.PAYLOAD_TOO_LARGE,
  FST_FIELDS_LIMIT: Code.PAYLOAD_TOO_LARGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: Code.UNSUPPORTED_MEDIA_TYPE,
  FST_INVALID_MULTIPART_CONTENT_TYPE: Code.UNSUPPORTED_MEDIA_TYPE,
};

/** The route of the built apps' static files (plugins/web.ts: prefix "/", wildcard). */
const STATIC_WILDCARD = "/*";

/** PostgreSQL's class 22 ("data exception") errors: a value the column cannot hold. */
function isBadValueForStore(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const fromPg =
    typeof (error as { severity?: unknown } | null)?.severity === "string";
  return fromPg && typeof code === "string" && code.startsWith("22");
}

/** A client error with no code of our own becomes the code of its HTTP status class. */
function codeOfStatus(status: number): Code {
  switch (status) {
    case 401:
      return Code.SESSION_EXPIRED;
    case 403:
      return Code.FORBIDDEN;
    case 404:
      return Code.NOT_FOUND;
    case 409:
      return Code.CONFLICT;
    case 413:
      return Code.PAYLOAD_TOO_LARGE;
    case 415:
      return Code.UNSUPPORTED_MEDIA_TYPE;
    case 429:
      return Code.TOO_MANY_REQUESTS;
    default:
      return Code.VALIDATION;
  }
}

export function sendEnvelope(
  request: FastifyRequest,
  reply: FastifyReply,
  code: Code,
  data: unknown = null,
  message?: string,
): FastifyReply {
  const body: Envelope = {
    code,
    message: message ?? codeMessage(request.language, code),
    data,
  };
  return reply
    .code(HTTP_STATUS[code])
    .type("application/json; charset=utf-8")
    .send(body);
}

function validationErrors(
  error: FastifyError,
  request: FastifyRequest,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const context =
    (error as { validationContext?: string }).validationContext ?? "body";
  for (const problem of (error.validation ?? []) as FieldProblem[]) {
    const path = (problem.instancePath ?? "")
      .replace(/^\//, "")
      .replaceAll("/", ".");
    const field = path || context;
    if (errors[field]) continue;
    errors[field] = problem.params?.issue
      ? localizeIssue(problem.params.issue, request.language)
      : localizeText(problem.message ?? "invalid", request.language);
  }
  return errors;
}

/**
 * The client hung up mid-request (an aborted upload): the request stream fails with
 * ECONNRESET and the socket is gone. Both must hold: a store connection reset is
 * ECONNRESET too, and is ours.
 */
function clientGone(request: FastifyRequest, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    (code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE") &&
    request.raw.socket?.destroyed === true
  );
}

/**
 * A client error outside the API, from the static files: an unsatisfiable Range gets 416
 * with the file's length (RFC 9110 §15.5.17); anything else (a name too long for the
 * file system, a malformed path) is a page that does not exist, so the fallback page.
 */
function answerPageError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError,
): FastifyReply {
  if (error.statusCode === 416) {
    const { headers } = error as { headers?: Record<string, string> };
    return reply
      .code(416)
      .headers(headers ?? {})
      .type("text/plain; charset=utf-8")
      .send("");
  }
  return reply
    .code(404)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-cache")
    .send(request.server.fallbackHtml);
}

/**
 * Every /tjc answer is the envelope. This plugin fills the success message in the
 * caller's language and turns every error, ours or Fastify's, into an envelope; the
 * details of an unexpected one go only to the log, under the request id.
 */
export const envelopePlugin = fp(
  async (app) => {
    app.decorateRequest("language", "zh-CN");
    app.addHook("onRequest", (request, _reply, done) => {
      request.language = requestLanguage(request);
      done();
    });

    app.addHook("preSerialization", (request, _reply, payload, done) => {
      const envelope = payload as Partial<Envelope> | null;
      if (
        envelope &&
        typeof envelope === "object" &&
        envelope.code === Code.OK &&
        envelope.message === ""
      ) {
        envelope.message = codeMessage(request.language, Code.OK);
      }
      done(null, payload);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const thrown: unknown = error;
      if (thrown instanceof ApiError) {
        reply.headers(thrown.headers);
        return sendEnvelope(
          request,
          reply,
          thrown.code,
          thrown.data,
          thrown.envelopeMessage,
        );
      }
      const status = error.statusCode ?? 500;
      if (!isApiPath(pathOf(request.url)) && status >= 400 && status < 500) {
        return answerPageError(request, reply, error);
      }
      if (request.routeOptions.url === STATIC_WILDCARD) {
        // An API path no route has, taken by the static files' wildcard: whatever it
        // refused (a name too long for the file system was 403, so 40300 for
        // `GET /tjc/<5000 characters>`), no such resource (issue 25 item 6).
        return sendEnvelope(request, reply, Code.NOT_FOUND);
      }
      if (error.validation) {
        return sendEnvelope(request, reply, Code.VALIDATION, {
          errors: validationErrors(error, request),
        });
      }
      if (isBadValueForStore(thrown)) {
        // A value the store refuses (PostgreSQL class 22: out of range, bad encoding…)
        // that validation let through: the client's input, so 40000, never 500.
        request.log.warn({ err: error }, "value refused by the store");
        return sendEnvelope(request, reply, Code.VALIDATION, { errors: {} });
      }
      if (isForeignKeyViolation(thrown)) {
        // A safety net under the routes' own checks: a delete of a record others still
        // use is 40900; a write naming a record that does not exist is 40000.
        request.log.info({ err: error }, "foreign key refused the write");
        const deleting =
          request.method === "DELETE" ||
          (request.body as { action?: unknown } | null)?.action === "delete" ||
          /^update or delete on table/.test(error.message);
        return deleting
          ? sendEnvelope(request, reply, Code.CONFLICT, {
              errors: {
                id: localizeText("record in use", request.language),
              },
            })
          : sendEnvelope(request, reply, Code.VALIDATION, {
              errors: {
                request: localizeText("unknown reference", request.language),
              },
            });
      }
      if ((thrown as { name?: string }).name === "HtmlSanitizeError") {
        return sendEnvelope(request, reply, Code.VALIDATION, {
          errors: { html: localizeText("html too complex", request.language) },
        });
      }
      const mapped = error.code ? FASTIFY_ERROR_CODES[error.code] : undefined;
      if (mapped !== undefined) return sendEnvelope(request, reply, mapped);
      if (status >= 400 && status < 500) {
        request.log.info({ err: error }, "client error");
        const code = codeOfStatus(status);
        const data =
          code === Code.VALIDATION
            ? {
                errors: {
                  body: localizeText("not valid JSON", request.language),
                },
              }
            : null;
        if (
          code === Code.VALIDATION &&
          error.code !== "FST_ERR_CTP_INVALID_JSON_BODY" &&
          error.code !== "FST_ERR_CTP_EMPTY_JSON_BODY"
        ) {
          return sendEnvelope(request, reply, code, {
            errors: { request: error.message },
          });
        }
        return sendEnvelope(request, reply, code, data);
      }
      if (clientGone(request, thrown)) {
        // Nobody is left to answer, and nothing went wrong on our side.
        request.log.info({ err: error }, "client aborted the request");
        return sendEnvelope(request, reply, Code.VALIDATION, null);
      }
      request.log.error({ err: error }, "unexpected error");
      return sendEnvelope(request, reply, Code.INTERNAL, {
        requestId: request.id,
      });
    });
  },
  { name: "envelope" },
);

export { HTTP_STATUS };

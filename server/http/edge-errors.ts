import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import {
  Code,
  CODE_MESSAGES,
  pickLanguage,
  type Language,
} from "../../common/codes.js";
import { isApiDocsPath, isApiPath, pathOf } from "./api-paths.js";
import { requestLanguage } from "./language.js";
import { localizeText } from "./validation-messages.js";
import { sendEnvelope } from "../plugins/envelope.js";

/**
 * Errors Fastify and Node raise before a request reaches a route, so before our hooks
 * (language, security headers, envelope) ran: a URL that does not decode, a path
 * parameter over the router's limit, and the socket-level ones (headers over Node's
 * limit, a request timeout, bytes that are not HTTP). /tjc answers are still envelopes
 * with the API's headers; pages get the fallback page.
 */

function isApiAnswerPath(path: string): boolean {
  return isApiPath(path) && !isApiDocsPath(path);
}

/** Fastify's `frameworkErrors`: FST_ERR_BAD_URL and FST_ERR_MAX_PARAM_LENGTH. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  request.language = requestLanguage(request);
  const { edgeHeaders } = request.server;
  if (!isApiAnswerPath(pathOf(request.raw.url ?? "/"))) {
    reply.headers(edgeHeaders.page);
    reply
      .code(404)
      .type("text/html; charset=utf-8")
      .header("Cache-Control", "no-cache")
      .send(request.server.fallbackHtml);
    return;
  }
  reply.headers(edgeHeaders.api);
  const problem =
    error.code === "FST_ERR_MAX_PARAM_LENGTH" ? "path too long" : "bad url";
  sendEnvelope(request, reply, Code.VALIDATION, {
    errors: { path: localizeText(problem, request.language) },
  });
}

/** The request line and headers Node read before it gave up, as far as they go. */
function headOf(rawPacket: unknown): {
  method: string;
  path: string;
  language: Language;
} {
  const text = Buffer.isBuffer(rawPacket)
    ? rawPacket.subarray(0, 64 * 1024).toString("latin1")
    : "";
  const requestLine = /^([A-Z]+) (\S+)/.exec(text);
  const language = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(text);
  return {
    method: requestLine?.[1] ?? "",
    path: pathOf(requestLine?.[2] ?? "/"),
    language: pickLanguage(language?.[1]),
  };
}

/** What each socket-level error becomes: the HTTP status kept, and our code. */
function statusOf(error: NodeJS.ErrnoException): {
  status: number;
  code: Code;
} {
  if (error.code === "HPE_HEADER_OVERFLOW")
    return { status: 431, code: Code.PAYLOAD_TOO_LARGE };
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
    return { status: 408, code: Code.VALIDATION };
  return { status: 400, code: Code.VALIDATION };
}

/** Fastify's `clientErrorHandler` (`this` is the Fastify instance). */
export function answerClientError(
  this: {
    edgeHeaders?: { api: Record<string, string>; page: Record<string, string> };
    fallbackHtml?: string;
    log: { debug(object: unknown, message: string): void };
  },
  error: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Socket,
): void {
  // A reset connection has no one left to answer.
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const httpMessage = (socket as { _httpMessage?: { headersSent?: boolean } })
    ._httpMessage;
  if (!socket.writable || httpMessage?.headersSent) {
    socket.destroy(error);
    return;
  }
  this.log.debug({ err: error }, "client error");
  const { method, path, language } = headOf(error.rawPacket);
  const { status, code } = statusOf(error);
  const api = isApiAnswerPath(path);
  const body = api
    ? JSON.stringify({
        code,
        message: CODE_MESSAGES[language][code],
        data: null,
      })
    : (this.fallbackHtml ?? "");
  const headers = {
    ...(api ? this.edgeHeaders?.api : this.edgeHeaders?.page),
    "Content-Type": api
      ? "application/json; charset=utf-8"
      : "text/html; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  };
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("") +
      // A HEAD answer has no body (RFC 9110 §9.3.2), a 431 included; its headers
      // still give the length a GET would have had.
      `\r\n${method === "HEAD" ? "" : body}`,
  );
}

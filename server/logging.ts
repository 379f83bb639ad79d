import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import pino from "pino";
import { isApiDocsPath, isApiPath, pathOf } from "./http/api-paths.js";

/** Secrets never reach a log line. */
export const LOG_REDACT = [
  "req.headers.authorization",
  "req.headers.cookie",
  "res.headers.authorization",
];

/**
 * A URL as logged: the value of a `token` query parameter (a password-reset or an e-mail
 * confirmation link opened in the browser) is replaced, so a log never holds a live link.
 */
export function urlWithoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
}

/** Fastify's request serializer, with `urlWithoutTokens`. */
const requestSerializer = (req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) => ({
  method: req.method,
  url: urlWithoutTokens(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

/** The logger's serializers (the tests' logger uses them too). */
export const LOG_SERIALIZERS = { req: requestSerializer };

/**
 * The logger: JSON lines, what log collectors read, unless stdout is a terminal, where a
 * person reads them: then one readable, coloured line each (pino-pretty). pino-pretty is
 * a devDependency: a production install (`npm ci --omit=dev`) runs under a service
 * manager, not a terminal, and if someone starts it in one anyway it falls back to JSON.
 * It runs as a stream in this thread, not as a pino transport: a transport's worker file
 * does not survive bundling into dist/server/main.js.
 */
export async function loggerOptions(
  level: string,
  output: NodeJS.WriteStream = process.stdout,
  bounds: LogBounds = {},
): Promise<NonNullable<FastifyServerOptions["logger"]>> {
  const base = {
    level,
    redact: LOG_REDACT,
    serializers: LOG_SERIALIZERS,
  };
  const fd = (output as { fd?: unknown }).fd;
  if (!output.isTTY)
    return {
      ...base,
      // A stream that is no file descriptor (tests) is written as it is.
      stream: typeof fd === "number" ? boundedOutput(fd, bounds) : output,
    };
  try {
    const { default: pretty } = await import("pino-pretty");
    return {
      ...base,
      stream: pretty({
        destination: output,
        colorize: output.hasColors?.() ?? false,
        translateTime: "SYS:HH:MM:ss.l",
        // A request reads "GET /tjc/tags 200 3 ms"; its id stays, for matching errors.
        ignore: "pid,hostname,req,res,responseTime",
        messageFormat: (log, messageKey) => {
          const { req, res, responseTime } = log as {
            req?: { method: string; url: string };
            res?: { statusCode: number };
            responseTime?: number;
          };
          const message = String(log[messageKey] ?? "");
          if (!req || !res) return message;
          const ms = Math.round(responseTime ?? 0);
          return `${req.method} ${req.url} ${res.statusCode} ${ms} ms`;
        },
        singleLine: true,
      }),
    };
  } catch {
    return base;
  }
}

export interface LogBounds {
  /** Bytes of log lines held while the output is not read (default 16 MiB). */
  maxBufferBytes?: number;
  /** Told how many lines were dropped, each time some were. */
  onDrop?: (lines: number) => void;
}

/**
 * stdout as pino writes it (asynchronously), with a bounded buffer: when whatever reads
 * the output (a pipe, a log shipper) stalls, lines beyond `maxBufferBytes` are dropped
 * and counted. Unbounded, a flood of requests logged while the reader stalled grew the
 * server's memory by the size of every line (72 MB in 8 s of 401s).
 */
function boundedOutput(
  fd: number,
  { maxBufferBytes = 16 * 1024 * 1024, onDrop }: LogBounds,
) {
  const destination = pino.destination({
    dest: fd,
    sync: false,
    maxLength: maxBufferBytes,
  });
  destination.on("drop", (data: string | Buffer) => {
    onDrop?.(Math.max(String(data).split("\n").length - 1, 1));
  });
  return destination;
}

/**
 * One line per request, when it completes, instead of Fastify's two: at info for the API
 * and for anything that failed, at debug for a page or a static file served as asked
 * (a page load fetches dozens; they drown what matters).
 */
export function requestLogLevel(
  url: string,
  statusCode: number,
): "debug" | "info" | "warn" | "error" {
  if (statusCode >= 500) return "error";
  if (statusCode >= 400) return "info";
  const path = pathOf(url);
  return isApiPath(path) && !isApiDocsPath(path) ? "info" : "debug";
}

/**
 * Fastify's request logging, with one line per request, when it is answered, instead of
 * two ("incoming request" adds nothing a completed line does not say), at the level
 * `requestLogLevel` picks. Errors, 404s and the rest keep Fastify's own lines.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply, metadata);
      return;
    }
    reply.log[requestLogLevel(request.url, reply.statusCode)](
      { req: request, res: reply, responseTime: reply.elapsedTime },
      "request completed",
    );
  }
}

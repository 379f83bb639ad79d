import type { FastifyInstance } from "fastify";

/**
 * The slowest a multipart upload may arrive and still finish: 64 KiB/s (about 0.5 Mbit/s).
 * An upload of n bytes gets `max(REQUEST_TIMEOUT_MS, n / this)`; a 1 GB video about 4.5 h.
 */
export const UPLOAD_MIN_BYTES_PER_SECOND = 64 * 1024;

/** How long a request may take to arrive whole, by its declared size and type. */
export function requestDeadlineMs(
  requestMs: number,
  contentType: string | undefined,
  contentLength: string | undefined,
): number {
  if (!/^multipart\/form-data/i.test(contentType ?? "")) return requestMs;
  const bytes = Number(contentLength);
  if (!Number.isFinite(bytes) || bytes <= 0) return requestMs;
  return Math.max(
    requestMs,
    Math.ceil((bytes / UPLOAD_MIN_BYTES_PER_SECOND) * 1000),
  );
}

/**
 * REQUEST_TIMEOUT_MS, per request: a body that has not arrived whole by its deadline is
 * answered 408 and its connection closed, as Node's own requestTimeout does, except that a
 * multipart upload gets time in proportion to its Content-Length (docs/operations.md), so a
 * large video on an ordinary line is not cut off. Node's own timeout is off (server.ts);
 * a client that stops sending altogether is still closed by IDLE_TIMEOUT_MS.
 */
export function installRequestDeadlines(
  app: FastifyInstance,
  requestMs: number,
): void {
  if (requestMs <= 0) return;
  app.addHook("onRequest", (request, reply, done) => {
    const raw = request.raw;
    // A request with neither header has no body (RFC 9112 6.3): nothing to wait for, and
    // a list request would pay a timer and two listeners for nothing.
    const headers = request.headers;
    if (
      raw.complete ||
      (headers["content-length"] === undefined &&
        headers["transfer-encoding"] === undefined)
    )
      return done();
    const ms = requestDeadlineMs(
      requestMs,
      request.headers["content-type"],
      request.headers["content-length"],
    );
    const timer = setTimeout(() => {
      if (raw.complete) return;
      const socket = raw.socket;
      // A request made with app.inject has a stand-in socket: no connection to close.
      if (typeof socket?.destroy !== "function") return;
      if (!reply.raw.headersSent && socket.writable)
        socket.end(
          "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n",
        );
      socket.destroySoon?.();
      setTimeout(() => socket.destroy(), 1000).unref();
    }, ms);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once("end", clear);
    // Not cleared when the answer is sent: a body still trickling in after an early
    // answer (401, 413) would otherwise hold the connection open.
    raw.once("close", () => {
      if (raw.complete) clear();
    });
    done();
  });
}

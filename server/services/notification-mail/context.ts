import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** What a notice sent at once needs and the transaction that writes it does not carry. */
export interface NoticeMailContext {
  app: FastifyInstance;
  request: FastifyRequest;
}

const context = new AsyncLocalStorage<NoticeMailContext>();

/** The request being served, if any (a notice written by a job has none). */
export function currentNoticeMailContext(): NoticeMailContext | undefined {
  return context.getStore();
}

/**
 * Runs each request in a context that `notify()` reads, so a notice written in any route's
 * transaction queues its "at once" e-mail in that same transaction, without every route
 * passing the app and the request down (the pattern of @fastify/request-context).
 */
export const noticeMailContextPlugin = fp(
  async (app) => {
    app.addHook("onRequest", (request, _reply, done) => {
      context.run({ app, request }, done);
    });
  },
  { name: "notice-mail-context" },
);

/** Runs `fn` as if serving `value`'s request (a test's transaction, a script). */
export function runWithNoticeMailContext<T>(
  value: NoticeMailContext,
  fn: () => T,
): T {
  return context.run(value, fn);
}

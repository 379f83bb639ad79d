import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { SearchSpec } from "../../db/search.js";
import type { Database } from "../../db/schema.js";
import { reindexRow } from "../../db/word-index.js";
import { startIndexBuild } from "../../db/index-build.js";

/**
 * The community's posts in the word index (issue 16): questions by title and body,
 * answers by body, and the scripture references in both. Their routes are not
 * defineResource's, so they reindex in their own transactions with these specs.
 */
export const QUESTION_SEARCH: SearchSpec = {
  table: "ask_questions",
  columns: ["title"],
  html: ["body"],
  passages: { text: ["title", "body"] },
};
export const ANSWER_SEARCH: SearchSpec = {
  table: "ask_answers",
  columns: [],
  html: ["body"],
  passages: { text: ["body"] },
};

/**
 * Builds the two indexes after start when they were never built (or from other fields),
 * in the background: the /ask search uses the substring search until they are done.
 */
export function indexAskPostsOnReady(app: FastifyInstance): void {
  app.addHook("onReady", async () => {
    for (const spec of [QUESTION_SEARCH, ANSWER_SEARCH])
      startIndexBuild(app.store.db, app.store.kind, spec, app.log);
  });
}

/** Reindexes a question's title and body in the writing transaction. */
export function reindexQuestion(
  trx: Kysely<Database>,
  app: FastifyInstance,
  id: number,
  values: { title: string; body: string },
): Promise<void> {
  return reindexRow(trx, app.store.kind, QUESTION_SEARCH, id, values);
}

/** Reindexes an answer's body in the writing transaction. */
export function reindexAnswer(
  trx: Kysely<Database>,
  app: FastifyInstance,
  id: number,
  values: { body: string },
): Promise<void> {
  return reindexRow(trx, app.store.kind, ANSWER_SEARCH, id, values);
}

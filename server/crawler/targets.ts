import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Spider } from "../../common/schemas/spider.js";
import type { Database } from "../db/schema.js";
import { resourceWriter } from "../resources/define-resource.js";
import { articleResource } from "../routes/articles/index.js";
import { sermonResource } from "../routes/sermons/index.js";
import { systemRequest } from "../services/audit.js";

/** One crawled page, ready to be saved as a draft (its HTML already sanitised). */
export interface CrawledItem {
  title: string;
  body: string;
  author: string | null;
  day: string | null;
  coverFileId: number | null;
  sourceUrl: string;
  tagIds: number[];
}

/**
 * How drafts are saved: through the sermons' and articles' own write path, as the
 * crawler (a system actor), so each draft gets what a record written on the admin gets:
 * its input checked, its audit row, its first revision, its word-index entry, its tags and
 * its file uses. One set per app, made on first use.
 */
function makeWriters(app: FastifyInstance) {
  return {
    request: systemRequest(app, "crawler"),
    sermons: resourceWriter(app, sermonResource),
    articles: resourceWriter(app, articleResource),
  };
}
const WRITERS = new WeakMap<FastifyInstance, ReturnType<typeof makeWriters>>();

function writersOf(app: FastifyInstance) {
  let writers = WRITERS.get(app);
  if (!writers) {
    writers = makeWriters(app);
    WRITERS.set(app, writers);
  }
  return writers;
}

/** The input as the resource's schema takes it; a page that does not fit is its error. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(
      `the page does not make a valid draft: ${z.prettifyError(result.error)}`,
    );
  return result.data;
}

/**
 * Saves one crawled page as a sermon or article draft in `trx` (the run's transaction,
 * which also records the page as crawled). Answers the draft's id.
 */
export async function saveDraft(
  app: FastifyInstance,
  trx: Kysely<Database>,
  target: Spider["target"],
  item: CrawledItem,
): Promise<number> {
  const writers = writersOf(app);
  const common = {
    title: item.title.slice(0, 200),
    body: item.body,
    coverFileId: item.coverFileId,
    status: "draft",
    tagIds: item.tagIds,
  };
  const author = item.author?.slice(0, 64) ?? null;
  if (target === "sermon") {
    const input = parsed(sermonResource.createSchema, {
      ...common,
      preacher: author,
      preachedOn: item.day,
    });
    const draft = await writers.sermons.create(writers.request, input, trx, {
      sourceUrl: item.sourceUrl.slice(0, 2048),
    });
    return draft.id;
  }
  // The articles' source_url is varchar(500): a longer address is not cut (it would
  // point elsewhere), the page is logged as an error instead.
  if (item.sourceUrl.length > 500)
    throw new Error(
      "the address is longer than an article's 500-character source URL",
    );
  const input = parsed(articleResource.createSchema, {
    ...common,
    author,
    sourceUrl: item.sourceUrl,
  });
  const draft = await writers.articles.create(writers.request, input, trx);
  return draft.id;
}

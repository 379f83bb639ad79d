import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { StoreKind } from "../db/store.js";
import { publishedCondition } from "../resources/workflow.js";

/**
 * What GET /tjc/passages lists (issue 16): for each table whose rows carry verse ranges,
 * its type, the title and link of a row, and which rows the public may see. A resource
 * that declares `search.passages` registers here to be listed.
 */
export interface PassageSource {
  /** The record type the answer names: "sermon", "question", "answer", … */
  type: string;
  /** The table (snake_case) whose ids passage_refs holds. */
  table: string;
  /** The SQL selecting `id`, `title` and `link_id` (the id the link names) of rows. */
  title: string;
  /** Joins the title or link needs (the answer's question, the document's file). */
  from?: string;
  /** The SQL of the value `link` is given; the row's id when left out. */
  linkKey?: string;
  /** The rows a visitor may see. */
  visible(kind: StoreKind): Expression<SqlBool>;
  /** The link of a row on the public site; never the back office. */
  link(key: number | string): string;
}

const SOURCES = new Map<string, PassageSource>();

export function registerPassageSource(source: PassageSource): void {
  SOURCES.set(source.table, source);
}

export function passageSource(table: string): PassageSource | undefined {
  return SOURCES.get(table);
}

registerPassageSource({
  type: "sermon",
  table: "sermons",
  title: "sermons.title",
  visible: (kind) => publishedCondition("sermons", kind),
  link: (id) => `/sermons/${id}`,
});
registerPassageSource({
  type: "question",
  table: "ask_questions",
  title: "ask_questions.title",
  visible: () => sql<SqlBool>`ask_questions.status in ('visible', 'closed')`,
  link: (id) => `/topicDetail?id=${id}`,
});
registerPassageSource({
  type: "answer",
  table: "ask_answers",
  title: "q.title",
  from: "join ask_questions q on q.id = ask_answers.question_id",
  linkKey: "ask_answers.question_id",
  visible: () =>
    sql<SqlBool>`ask_answers.status = 'visible' and q.status in ('visible', 'closed')`,
  link: (id) => `/topicDetail?id=${id}`,
});
// Articles have their page at /articles/:id (issue 23 item 4; docs/content.md).
registerPassageSource({
  type: "article",
  table: "articles",
  title: "articles.title",
  visible: (kind) => publishedCondition("articles", kind),
  link: (id) => `/articles/${id}`,
});
// A gospel document links to its page at /docs/:id, which offers the download.
registerPassageSource({
  type: "document",
  table: "gospel_docs",
  title: "gospel_docs.title",
  visible: (kind) => publishedCondition("gospel_docs", kind),
  link: (id) => `/docs/${id}`,
});

export interface PassageHit {
  type: string;
  id: number;
  title: string;
  link: string;
  /** How many of the row's ranges touch the asked ones. */
  overlaps: number;
}

/**
 * Every visible row of every source whose ranges touch `ranges` (an overlap counts:
 * John 3:1-21 touches John 3:16), most overlaps first, then newest.
 */
export async function rowsOnPassage(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  kind: StoreKind,
  ranges: { start: number; end: number }[],
  limit: number,
): Promise<PassageHit[]> {
  const overlap = sql.join(
    ranges.map(
      (range) =>
        sql`(r.start_key <= ${range.end} and r.end_key >= ${range.start})`,
    ),
    sql` or `,
  );
  const hits: PassageHit[] = [];
  for (const source of SOURCES.values()) {
    const table = sql.raw(source.table);
    const linkId = sql.raw(source.linkKey ?? `${source.table}.id`);
    const { rows } = await sql<{
      id: number;
      title: string;
      linkId: number | string;
      overlaps: number;
    }>`select ${table}.id as id, ${sql.raw(source.title)} as title, ${linkId} as link_id, count(*) as overlaps
      from passage_refs r join ${table} on ${table}.id = r.doc_id ${sql.raw(source.from ?? "")}
      where r.tbl = ${source.table} and (${overlap}) and ${source.visible(kind)}
      group by ${table}.id, ${sql.raw(source.title)}, ${linkId}
      order by count(*) desc, ${table}.id desc
      limit ${limit}`.execute(db);
    for (const row of rows)
      hits.push({
        type: source.type,
        id: Number(row.id),
        title: row.title,
        link: source.link(
          typeof row.linkId === "string" && source.linkKey
            ? row.linkId
            : Number(row.linkId),
        ),
        overlaps: Number(row.overlaps),
      });
  }
  return hits.sort((a, b) => b.overlaps - a.overlaps);
}

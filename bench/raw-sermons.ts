/**
 * The sermon bench's yardstick (bench/sermons.ts): a bare Fastify process with no
 * plugins, no auth and no query builder, reading the same store as the real server with
 * prepared statements written by hand.
 *
 *   /hello                              a constant answer
 *   /raw-sermons?tag=&offset=&limit=    sermons carrying the tag, newest preachedOn first
 *                                       (id breaks ties), and their COUNT
 *   /raw-sermons?tag=&term=&…           the same, also holding the word-index term `term`
 *                                       (the postings of the issue 16 index, read
 *                                       by hand: the best a hand-written query can do)
 *
 * Answers have the real server's shape ({code, message, data: {list, total}}, records as
 * the sermons resource writes them) and are serialised the same way (JSON.stringify).
 *
 * Environment: PORT, and DB_PATH (SQLite, opened read-only) or DATABASE_URL.
 */
import Fastify from "fastify";
import SQLite from "better-sqlite3";
import pg from "pg";

type SermonRow = Record<string, string | number | null>;

interface Reader {
  page(
    tag: number,
    term: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ rows: SermonRow[]; total: number }>;
  close(): Promise<void>;
}

/**
 * The WHERE of both statements; `?` or `$n` placeholders for resource, tag and term. A
 * term's rows are where each store keeps them (server/db/postings.ts): on SQLite a range
 * of posting keys (term id × 2^24 + row id), on PostgreSQL search_docs' GIN index.
 */
function where(
  withTerm: boolean,
  p: (n: number) => string,
  postgres: boolean,
): string {
  const tagged = `id IN (SELECT record_id FROM content_tags WHERE resource = 'sermons' AND tag_id = ${p(1)})`;
  if (!withTerm) return tagged;
  if (postgres)
    return `${tagged} AND id IN (SELECT doc_id FROM search_docs WHERE term_ids @> ARRAY[(SELECT id FROM search_terms WHERE tbl = 'sermons' AND term = ${p(2)})])`;
  return `${tagged} AND id IN (SELECT p.key & 16777215 FROM search_terms t, search_postings p WHERE t.tbl = 'sermons' AND t.term = ${p(2)} AND p.key >= (t.id << 24) AND p.key < ((t.id + 1) << 24))`;
}
const ORDER = `ORDER BY preached_on DESC, id DESC`;

function sqliteReader(file: string): Reader {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const q = () => "?";
  const statements = [false, true].map((withTerm) => ({
    page: db.prepare(
      `SELECT * FROM sermons WHERE ${where(withTerm, q, false)} ${ORDER} LIMIT ? OFFSET ?`,
    ),
    count: db.prepare(
      `SELECT count(*) AS total FROM sermons WHERE ${where(withTerm, q, false)}`,
    ),
  }));
  return {
    async page(tag, term, offset, limit) {
      const { page, count } = statements[term === undefined ? 0 : 1]!;
      const args = term === undefined ? [tag] : [tag, term];
      const rows = page.all(...args, limit, offset) as SermonRow[];
      const { total } = count.get(...args) as { total: number };
      return { rows, total };
    },
    async close() {
      db.close();
    },
  };
}

function postgresReader(url: string): Reader {
  pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const p = (n: number) => `$${n}`;
  return {
    async page(tag, term, offset, limit) {
      const withTerm = term !== undefined;
      const args: unknown[] = withTerm ? [tag, term] : [tag];
      const n = args.length;
      const [page, count] = await Promise.all([
        pool.query<SermonRow>({
          name: `raw-sermons-${n}`,
          text: `SELECT * FROM sermons WHERE ${where(withTerm, p, true)} ${ORDER} LIMIT $${n + 1} OFFSET $${n + 2}`,
          values: [...args, limit, offset],
        }),
        pool.query<{ total: number }>({
          name: `raw-sermons-count-${n}`,
          text: `SELECT count(*) AS total FROM sermons WHERE ${where(withTerm, p, true)}`,
          values: args,
        }),
      ]);
      return { rows: page.rows, total: count.rows[0]!.total };
    },
    close: () => pool.end(),
  };
}

/** As the sermons resource's toRecord writes a row (status as it reads now). */
function toRecord(row: SermonRow) {
  const now = new Date().toISOString();
  const due =
    row.status === "scheduled" &&
    row.publish_at !== null &&
    String(row.publish_at) <= now;
  return {
    id: row.id,
    title: row.title,
    preacher: row.preacher,
    series: row.series,
    serviceType: row.service_type,
    preachedOn: row.preached_on,
    passage: row.passage,
    summary: row.summary,
    body: row.body,
    audioFileId: row.audio_file_id,
    videoFileId: row.video_file_id,
    videoUrl: row.video_url,
    attachmentIds: JSON.parse(String(row.attachment_ids)) as number[],
    coverFileId: row.cover_file_id,
    regionCode: row.region_code,
    views: Number(row.views),
    status: due ? "published" : row.status,
    publishAt: row.publish_at,
    publishedAt: row.published_at ?? (due ? row.publish_at : null),
    tagIds: JSON.parse(String(row.tag_ids)) as number[],
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

function intParam(value: unknown, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : fallback;
}

async function main(): Promise<void> {
  const reader = process.env.DATABASE_URL
    ? postgresReader(process.env.DATABASE_URL)
    : sqliteReader(process.env.DB_PATH ?? "");
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.get("/hello", async () => ({ code: 0, message: "OK", data: "hello" }));

  app.get("/raw-sermons", async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const { rows, total } = await reader.page(
      intParam(query.tag, 0),
      query.term || undefined,
      intParam(query.offset, 0),
      Math.min(intParam(query.limit, 25), 100),
    );
    return {
      code: 0,
      message: "OK",
      data: { list: rows.map(toRecord), total },
    };
  });

  const shutdown = () => {
    app.close().then(
      () => reader.close().then(() => process.exit(0)),
      () => process.exit(1),
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
}

main().catch((error) => {
  process.stderr.write(
    `raw sermon server failed: ${String(error?.stack ?? error)}\n`,
  );
  process.exit(1);
});

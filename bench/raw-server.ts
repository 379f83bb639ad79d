/**
 * The benchmark's yardstick: a bare Fastify process with no plugins, no auth and no
 * query builder, reading the same store as the real server with prepared statements.
 *
 *   /hello          a constant answer: the floor of Fastify plus HTTP on this machine
 *   /raw-list       the page and COUNT written by hand (LIMIT and OFFSET) for
 *                   sort=["name","ASC"] (by its pinyin key), range=[offset, offset+limit-1];
 *                   with idsFirst=1, the page as the machinery reads it deep in a list
 *   /raw-like?q=    a plain LIKE '%word%' scan over name and name_en plus its COUNT
 *
 * Answers have the real server's shape ({code, message, data: {list, total}}, records in
 * camelCase) and are serialised the same way (JSON.stringify).
 *
 * Environment: PORT, and DB_PATH (SQLite, opened read-only; the real server's lock is
 * on lampstand.lock, not on the database, and WAL lets readers share it) or DATABASE_URL.
 */
import Fastify from "fastify";
import SQLite from "better-sqlite3";
import pg from "pg";

interface TagRow {
  id: number;
  name: string;
  name_en: string | null;
  sort_order: number;
  created_at: string;
  updated_at: string;
  version: number;
}

interface Reader {
  list(
    offset: number,
    limit: number,
    idsFirst: boolean,
  ): Promise<{ rows: TagRow[]; total: number }>;
  like(
    word: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: TagRow[]; total: number }>;
  close(): Promise<void>;
}

/** The page as it is written by hand: LIMIT and OFFSET on the sorted table. */
const PLAIN_PAGE =
  "SELECT * FROM tags ORDER BY name_pinyin ASC, id ASC LIMIT $1 OFFSET $2";
/**
 * The page the machinery reads deep in a list (server/resources/resource-queries.ts,
 * DEFERRED_FROM_OFFSET): the skipped rows' ids from the sort index, then the page's rows.
 */
const IDS_FIRST_PAGE =
  "SELECT * FROM tags WHERE id IN (SELECT id FROM tags ORDER BY name_pinyin ASC, id ASC LIMIT $1 OFFSET $2) ORDER BY name_pinyin ASC, id ASC";

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

function sqliteReader(file: string): Reader {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  const page = db.prepare(PLAIN_PAGE.replace("$1", "?").replace("$2", "?"));
  const idsFirstPage = db.prepare(
    IDS_FIRST_PAGE.replace("$1", "?").replace("$2", "?"),
  );
  const count = db.prepare(`SELECT count(*) AS total FROM tags`);
  const likeWhere = `(name LIKE ? ESCAPE '\\' OR name_en LIKE ? ESCAPE '\\')`;
  const likePage = db.prepare(
    `SELECT * FROM tags WHERE ${likeWhere} ORDER BY name_pinyin ASC, id ASC LIMIT ? OFFSET ?`,
  );
  const likeCount = db.prepare(
    `SELECT count(*) AS total FROM tags WHERE ${likeWhere}`,
  );
  return {
    async list(offset, limit, idsFirst) {
      const rows = (idsFirst ? idsFirstPage : page).all(
        limit,
        offset,
      ) as TagRow[];
      const { total } = count.get() as { total: number };
      return { rows, total };
    },
    async like(word, offset, limit) {
      const pattern = likePattern(word);
      const rows = likePage.all(pattern, pattern, limit, offset) as TagRow[];
      const { total } = likeCount.get(pattern, pattern) as { total: number };
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
  // strpos(lower(..)) cannot use the pg_trgm index: this is the plain scan on purpose.
  const likeWhere = `(strpos(lower(name), lower($1)) > 0 OR strpos(lower(name_en), lower($1)) > 0)`;
  return {
    async list(offset, limit, idsFirst) {
      const [page, count] = await Promise.all([
        pool.query<TagRow>({
          name: idsFirst ? "raw-list-ids-first" : "raw-list",
          text: idsFirst ? IDS_FIRST_PAGE : PLAIN_PAGE,
          values: [limit, offset],
        }),
        pool.query<{ total: number }>({
          name: "raw-count",
          text: `SELECT count(*) AS total FROM tags`,
        }),
      ]);
      return { rows: page.rows, total: count.rows[0]!.total };
    },
    async like(word, offset, limit) {
      const [page, count] = await Promise.all([
        pool.query<TagRow>({
          name: "raw-like",
          text: `SELECT * FROM tags WHERE ${likeWhere} ORDER BY name_pinyin ASC, id ASC LIMIT $2 OFFSET $3`,
          values: [word, limit, offset],
        }),
        pool.query<{ total: number }>({
          name: "raw-like-count",
          text: `SELECT count(*) AS total FROM tags WHERE ${likeWhere}`,
          values: [word],
        }),
      ]);
      return { rows: page.rows, total: count.rows[0]!.total };
    },
    close: () => pool.end(),
  };
}

const toRecord = (row: TagRow) => ({
  id: row.id,
  name: row.name,
  nameEn: row.name_en,
  sortOrder: row.sort_order,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  version: row.version,
});

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

  app.get("/raw-list", async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const { rows, total } = await reader.list(
      intParam(query.offset, 0),
      Math.min(intParam(query.limit, 25), 100),
      query.idsFirst === "1",
    );
    return {
      code: 0,
      message: "OK",
      data: { list: rows.map(toRecord), total },
    };
  });

  app.get("/raw-like", async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const { rows, total } = await reader.like(
      String(query.q ?? ""),
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
  process.stderr.write(`raw server failed: ${String(error?.stack ?? error)}\n`);
  process.exit(1);
});

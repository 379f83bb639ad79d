import {
  sql,
  type CompiledQuery,
  type Expression,
  type Kysely,
  type RawBuilder,
  type SqlBool,
} from "kysely";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import { Code, type Language } from "../../common/codes.js";
import { ApiError } from "../http/errors.js";
import { localizeText } from "../http/validation-messages.js";
import { isUniqueViolation } from "../db/dialect.js";
import {
  keywordCondition,
  keywordFirst,
  keywordPlan,
  walkWithList,
} from "../db/search.js";
import { knownRows, type ReadStep, type StoreKind } from "../db/store.js";
import { loadSegmenter, queryTerms } from "../db/terms.js";
import {
  ensureCounted,
  onPassage,
  passageFilter,
  postingOnPassage,
  reindexRows,
} from "../db/word-index.js";
import { ensureIndexBuilt, startIndexBuild } from "../db/index-build.js";
import { postingsSql } from "../db/postings.js";
import { isIndexReady } from "../db/index-ready.js";
import {
  idList,
  MAX_INT32,
  type AnyResourceDefinition,
} from "./resource-definition.js";
import { sortColumn, withSortKeys } from "./sort-keys.js";

export type Filter = Record<string, unknown>;
export type Sort = { field: string; order: "asc" | "desc" };

const COMPILED_QUERIES_PER_RESOURCE = 200;
/** Filtered totals remembered per resource, each valid for one write version. */
const CACHED_TOTALS_PER_RESOURCE = 500;

/**
 * How a keyword is found: through the word index (`index`, the terms' ids rarest first),
 * by the substring search when some word of it is no term (`substring`), or not at all.
 * `walk` is SQLite's plan for dense matches (search.ts, keywordPlan).
 */
interface FindPlan {
  mode: "none" | "index" | "substring";
  termIds: number[];
  /** Weights of the terms for the relevance order (inverse document frequency). */
  weights: number[];
  walk: boolean;
  /** Walking: which terms are checked against their postings gathered once (walkWithList). */
  listed: boolean[];
  /** Looking up: the keyword's postings come first, so SQLite looks its rows up (keywordFirst). */
  first?: boolean;
  /**
   * The rarest term has at most FEW_POSTINGS rows: PostgreSQL checks a passage on each of
   * them with a seek (passageOnPostings).
   */
  fewPostings?: boolean;
}
const NO_KEYWORD: FindPlan = {
  mode: "none",
  termIds: [],
  weights: [],
  walk: false,
  listed: [],
};

/**
 * A compiled page query whose last two parameters are its LIMIT and OFFSET: at its end,
 * or at the end of the ids' subquery a deep page reads first, with no parameter after.
 */
export function endsWithPaging(
  query: CompiledQuery,
  limit: number,
  offset: number,
): boolean {
  const { parameters: params } = query;
  return (
    /\blimit (\?|\$\d+) offset (\?|\$\d+)(\)[^?$]*)?$/.test(query.sql) &&
    params.at(-2) === limit &&
    params.at(-1) === offset
  );
}

/** The same page query for another page. */
function withPaging(
  query: CompiledQuery,
  limit: number,
  offset: number,
): CompiledQuery {
  return {
    ...query,
    parameters: [...query.parameters.slice(0, -2), limit, offset],
  };
}
/**
 * From this offset on, a page reads the ids of the rows it skips and only then its own
 * rows (`where id in (select id … limit … offset …)`): both stores otherwise fetch every
 * skipped row from the table, where the ids alone come from the sort index. At offset
 * 1,225 of 100,000 tags this halved the page statement on SQLite (0.156 → 0.084 ms).
 */
const DEFERRED_FROM_OFFSET = 100;
/** A read step that answers a number without asking the store. */
const constant = (value: number) => knownRows([{ total: value }]);

/** Matching ids PostgreSQL reads first at most (readsIdsFirst). */
const IDS_FIRST_MAX = 2000;
/**
 * A keyword with at most this many postings has a passage checked posting by posting on
 * PostgreSQL: 1.5 µs a seek in passage_refs_doc_keys, where hashing a book's ranges costs
 * about 0.35 µs a range (Luke's 16,800 at 100,000 sermons, 3.0–3.4 ms against 1.5).
 */
const FEW_POSTINGS = 2000;

/** A condition on a keyword posting's row id (a passage checked per posting). */
type OnPosting = (docId: RawBuilder<unknown>) => Expression<SqlBool>;

/** What the parts of one resource's queries share. */
interface QueryContext<Row> {
  app: FastifyInstance;
  def: AnyResourceDefinition<Row>;
  // Dynamic table names are beyond Kysely's static typing; the zod schemas guard the data.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: () => Kysely<any>;
  kind: () => StoreKind;
  table: string;
  /** The table as the database names it (raw SQL skips the camelCase plugin). */
  sqlTable: string;
  search: AnyResourceDefinition<Row>["search"];
}

/** The allowlisted filter fields of a resource; anything else is 40000. */
function filterSchemaOf<Row>(def: AnyResourceDefinition<Row>) {
  const filterShape: Record<string, z.ZodType> = {
    id: z
      .union([idList.max(100), z.number().int().positive().max(MAX_INT32)])
      .optional(),
  };
  if (def.search) filterShape.q = z.string().max(200).optional();
  if (def.search?.passages) filterShape.passage = passageFilter.optional();
  for (const [key, filter] of Object.entries(def.filters ?? {})) {
    filterShape[key] = filter.schema.optional();
  }
  return z.strictObject(filterShape);
}

/** The conditions of a filter and keyword plan, and the rows that meet them. */
function matchConditions<Row>(ctx: QueryContext<Row>) {
  const { def, db, kind, table, sqlTable, search } = ctx;
  // Walking the sort index, each row is checked by one key lookup in a common term's
  // postings: an IN list would first gather every match (10,000 for a word in a tenth of
  // 100,000 sermons) to find the first page's 25. A rare term's postings are gathered
  // once, as a list the walk checks (`+` keeps SQLite walking; search.ts, walkWithList).
  const postingsOf = () => postingsSql(kind(), sqlTable);
  const idColumn = `${sqlTable}.id`;
  const postings = (plan: FindPlan, passage: OnPosting | undefined) =>
    kind() === "postgres" && !plan.walk
      ? // GIN intersects every term's list in one scan of the rows holding them all,
        // where a subquery per term read each term's rows (1,000 each for a 1% keyword).
        [
          sql<SqlBool>`${sql.raw(idColumn)} in (${postingsOf().rowsWith(plan.termIds, passage)})`,
        ]
      : plan.termIds.map((termId, i) =>
          !plan.walk
            ? sql<SqlBool>`${sql.raw(idColumn)} in (${postingsOf().rowsWith(termId, i === 0 ? passage : undefined)})`
            : plan.listed[i]
              ? sql<SqlBool>`+${sql.raw(idColumn)} in (${postingsOf().rowsWith(termId)})`
              : postingsOf().holds(termId, idColumn),
        );

  /**
   * Looking rows up (no walk), the id sets of the keyword's terms and of the filters that
   * keep ids (ResourceFilter.ids) are intersected before any row is read: a tag on 2% of
   * 100,000 sermons and a word in 1% met in 23 rows, after 1,000 rows were read to test
   * them (0.47 ms of SQL; 0.26 intersected). Undefined when fewer than two sets, and on
   * PostgreSQL (below).
   */
  function intersected(
    filter: Filter,
    plan: FindPlan,
    passage: OnPosting | undefined,
  ): { condition: Expression<SqlBool>; keys: Set<string> } | undefined {
    // SQLite only: PostgreSQL answered tag + keyword at 102 req/s with the INTERSECT,
    // against 300-430 with its two semi-joins (docs/performance.md).
    if (plan.walk || kind() !== "sqlite") return undefined;
    const sets: RawBuilder<unknown>[] = [];
    const keys = new Set<string>();
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === "") continue;
      const ids = def.filters?.[key]?.ids;
      if (key === "q" && search && plan.mode === "index") {
        for (const [i, termId] of plan.termIds.entries())
          sets.push(
            postingsOf().rowsWith(termId, i === 0 ? passage : undefined),
          );
        keys.add(key);
      } else if (ids) {
        sets.push(ids(value as never));
        keys.add(key);
      }
    }
    if (sets.length < 2) return undefined;
    return {
      condition: sql<SqlBool>`${sql.raw(sqlTable)}.id in (${sql.join(sets, sql` intersect `)})`,
      keys,
    };
  }

  /**
   * A passage with a keyword looked up through the index: checked on the rarest term's
   * postings (postingOnPassage) before any row is read, not gathered from every range.
   */
  function passageOnPostings(filter: Filter, plan: FindPlan) {
    const reference = filter.passage;
    if (
      !search?.passages ||
      typeof reference !== "string" ||
      reference === "" ||
      typeof filter.q !== "string" ||
      plan.mode !== "index" ||
      plan.walk
    )
      return undefined;
    // PostgreSQL estimates a term's postings from its statistics (3,978 for a word in
    // 1,000 sermons) and so hashes every range of the book instead of seeking per posting;
    // the fence keeps the seek where the term's kept count says it is cheaper.
    const perPosting = kind() === "postgres" && plan.fewPostings === true;
    return (docId: RawBuilder<unknown>) =>
      postingOnPassage(docId, search.table, reference, perPosting);
  }

  function whereOf(filter: Filter, plan: FindPlan): Expression<SqlBool>[] {
    const passage = passageOnPostings(filter, plan);
    const together = intersected(filter, plan, passage);
    const conditions: Expression<SqlBool>[] = together
      ? [together.condition]
      : [];
    for (const [key, value] of Object.entries(filter)) {
      if (together?.keys.has(key)) continue;
      if (value === undefined || value === null || value === "") continue;
      if (key === "passage" && passage) continue;
      if (key === "q" && search && plan.mode === "index" && plan.first) {
        conditions.unshift(...postings(plan, passage));
      } else if (key === "id") {
        const ids = Array.isArray(value) ? value : [value];
        conditions.push(
          sql<SqlBool>`${sql.ref(`${table}.id`)} in (${sql.join(ids)})`,
        );
      } else if (key === "q" && search) {
        if (plan.mode === "index") conditions.push(...postings(plan, passage));
        else
          conditions.push(
            keywordCondition(
              kind(),
              search,
              String(value),
              plan.walk ? "walk" : "lookup",
            ),
          );
      } else if (key === "passage" && search?.passages) {
        // The rows with a verse range touching the reference's (John 3:1-21 for John
        // 3:16); the filter schema already refused a text that names no passage.
        conditions.push(onPassage(`${table}.id`, search.table, String(value)));
      } else {
        conditions.push(
          def.filters![key]!.where(value as never, kind(), plan.walk),
        );
      }
    }
    return conditions;
  }

  function selectMatching(filter: Filter, plan: FindPlan) {
    let query = db().selectFrom(table);
    for (const condition of whereOf(filter, plan))
      query = query.where(condition);
    return query;
  }

  return { selectMatching };
}

/** The matching rows of a list's filter, before anything is selected. */
type Matching<Row> = ReturnType<
  ReturnType<typeof matchConditions<Row>>["selectMatching"]
>;

/** A page deep in a list: the ids of the rows it skips first (DEFERRED_FROM_OFFSET). */
function deepPageQuery<Row>(
  ctx: QueryContext<Row>,
  matching: Matching<Row>,
  sort: Sort,
  paging: { limit: number; offset: number },
): CompiledQuery {
  const { def, db, table } = ctx;
  const [column, order] = listOrder(def, sort);
  const ids = matching
    .select(`${table}.id as id`)
    .orderBy(column, order)
    .orderBy("id", order)
    .limit(paging.limit)
    .offset(paging.offset);
  return db()
    .selectFrom(table)
    .selectAll()
    .where(`${table}.id`, "in", ids)
    .orderBy(column, order)
    .orderBy("id", order)
    .compile();
}

/**
 * The column a list is ordered by and its direction, before the id that breaks ties:
 * the resource's default order for relevance without the word index.
 */
function listOrder<Row>(
  def: QueryContext<Row>["def"],
  sort: Sort,
): [ReturnType<typeof sortColumn>, Sort["order"]] {
  return sort.field === "relevance"
    ? [
        sortColumn(def.sortKeys, def.defaultSort[0]),
        def.defaultSort[1].toLowerCase() as Sort["order"],
      ]
    : [sortColumn(def.sortKeys, sort.field), sort.order];
}

/** The matching rows in the list's order, for a page near the list's start. */
function shallowPageQuery<Row>(
  ctx: QueryContext<Row>,
  matching: Matching<Row>,
  sort: Sort,
  plan: FindPlan,
) {
  const { def, kind, sqlTable } = ctx;
  const query = matching.selectAll();
  if (sort.field === "relevance" && plan.mode === "index") {
    // tf × idf summed over the query's terms, highest first.
    return query
      .orderBy(
        postingsSql(kind(), sqlTable).score(
          plan.termIds,
          plan.weights,
          `${sqlTable}.id`,
        ),
        "desc",
      )
      .orderBy("id", "desc");
  }
  const [column, order] = listOrder(def, sort);
  return query.orderBy(column, order).orderBy("id", order); // id breaks ties, so pages are stable
}

/** The compiled queries of a list: a page, a total, the kept counts and a keyword's terms. */
function compiledQueries<Row>(
  ctx: QueryContext<Row>,
  selectMatching: ReturnType<typeof matchConditions<Row>>["selectMatching"],
) {
  const { def, db, kind, table, sqlTable, search } = ctx;
  // Building and compiling a query through Kysely costs a list request more CPU than the
  // rest of the machinery together (docs/performance.md), and admins ask for the same
  // filter and order again and again: compiled queries are kept per filter and order.
  const compiled = new LRUCache<string, CompiledQuery>({
    max: COMPILED_QUERIES_PER_RESOURCE,
  });

  function pageQuery(
    filter: Filter,
    sort: Sort,
    offset: number,
    limit: number,
    plan: FindPlan,
  ): CompiledQuery {
    const byRelevance = sort.field === "relevance";
    // Deep in a list, the rows skipped are read as ids only: see DEFERRED_FROM_OFFSET.
    const deferred = !byRelevance && offset >= DEFERRED_FROM_OFFSET;
    const key = JSON.stringify([
      "page",
      sort.field,
      sort.order,
      plan,
      filter,
      deferred,
    ]);
    const cached = compiled.get(key);
    if (cached) return withPaging(cached, limit, offset);
    const built = deferred
      ? deepPageQuery(ctx, selectMatching(filter, plan), sort, {
          limit,
          offset,
        })
      : shallowPageQuery(ctx, selectMatching(filter, plan), sort, plan)
          .limit(limit)
          .offset(offset)
          .compile();
    if (endsWithPaging(built, limit, offset)) compiled.set(key, built);
    return built;
  }

  /** The ids of the matching rows, in no order (PostgreSQL's ids-first page). */
  function idsQuery(
    filter: Filter,
    plan: FindPlan,
    limit: number,
  ): CompiledQuery {
    const matching = selectMatching(filter, { ...plan, walk: false }).select(
      `${table}.id as id`,
    );
    // Materialized, the matches are planned as all of them: given the LIMIT, PostgreSQL
    // planned for its first 2,001 of an estimated 25,000 and walked the primary key
    // through 92,000 sermons (60 ms, against 7).
    return sql<{
      id: number;
    }>`with matching as materialized (${matching}) select id from matching limit ${limit}`.compile(
      db(),
    );
  }

  /** A page of the rows with these ids, sorted as a list is (id breaks ties). */
  function pageOfIds(
    ids: number[],
    sort: Sort,
    offset: number,
    limit: number,
  ): CompiledQuery {
    return db()
      .selectFrom(table)
      .selectAll()
      .where(sql<SqlBool>`${sql.ref(`${table}.id`)} = any(${ids})`)
      .orderBy(sortColumn(def.sortKeys, sort.field), sort.order)
      .orderBy("id", sort.order)
      .limit(limit)
      .offset(offset)
      .compile();
  }

  function countQuery(filter: Filter, plan: FindPlan): CompiledQuery {
    const key = JSON.stringify(["count", plan, filter]);
    const cached = compiled.get(key);
    if (cached) return cached;
    const inUse = Object.keys(filter).filter(
      (key) => filter[key] !== undefined && filter[key] !== "",
    );
    let query: CompiledQuery;
    if (plan.mode === "index" && inUse.length === 1 && inUse[0] === "q") {
      // Only the keyword: intersect the postings, rarest term first, without the table.
      query = postingsSql(kind(), sqlTable)
        .countHolding(plan.termIds)
        .compile(db());
    } else {
      query = selectMatching(filter, { ...plan, walk: false })
        .select((eb) => eb.fn.countAll<number>().as("total"))
        .compile();
    }
    compiled.set(key, query);
    return query;
  }

  // The table's name as a literal: a statement without parameters travels with the read's
  // BEGIN on PostgreSQL (store.ts, readOnPool).
  const countsQuery = db()
    .selectFrom("tableCounts")
    .select(["rowCount", "writeVersion"])
    .where("tbl", "=", sql.lit(sqlTable))
    .compile();
  const termsQuery = (terms: string[]) => {
    const key = JSON.stringify(["terms", terms]);
    let query = compiled.get(key);
    if (!query) {
      query = db()
        .selectFrom("searchTerms")
        .select(["id", "term", "docCount"])
        .where("tbl", "=", search!.table)
        .where("term", "in", terms)
        .compile();
      compiled.set(key, query);
    }
    return query;
  };

  return {
    pageQuery,
    countQuery,
    countsQuery,
    termsQuery,
    idsQuery,
    pageOfIds,
  };
}

/**
 * PostgreSQL, a keyword on a passage: the matching ids are read first (at most
 * IDS_FIRST_MAX + 1 of them), which gives the total too; when they are that few, the page
 * is those rows sorted. Asked for the page at once, the planner took the keyword's
 * estimate (3,900 of 100,000 sermons for a word in 1,000) and walked the ORDER BY index
 * backwards testing each row, 14,000 rows to find a book's 137 matches; and a count beside
 * the page tested the same matches again: 97 requests a second against 164 so
 * (docs/performance.md, issue 23). A tag with a keyword is left to the planner, which
 * does better there (786 against 662 a second).
 */
function readsIdsFirst(
  kind: StoreKind,
  plan: FindPlan,
  filter: Filter,
  sort: Sort,
): boolean {
  return (
    kind === "postgres" &&
    plan.mode === "index" &&
    typeof filter.passage === "string" &&
    filter.passage !== "" &&
    sort.field !== "relevance"
  );
}

/**
 * A keyword whose every term the index holds (`found`, rarest first): its terms' ids and
 * idf weights, of `rows` rows in all.
 */
function indexPlan(
  found: { id: number; docCount: number }[],
  rows: number | undefined,
): FindPlan {
  const all = Math.max(rows ?? 1, 1);
  return {
    mode: "index",
    termIds: found.map((row) => Number(row.id)),
    weights: found.map(
      (row) =>
        Math.round(Math.log(1 + all / Number(row.docCount)) * 1000) / 1000,
    ),
    walk: false,
    listed: [],
    fewPostings: Number(found[0]?.docCount ?? 0) <= FEW_POSTINGS,
  };
}

/**
 * SQLite, a list that looks its matches up: walk the ORDER BY index or look the matches up
 * and sort them (keywordPlan), and which keyword terms a walk checks against a list.
 */
function sqlitePagePlan(
  plan: FindPlan,
  counts: {
    rows: number;
    matches: number;
    wanted: number;
    docCounts: number[];
    filters: number;
    lookupCost: number | undefined;
  },
): FindPlan {
  const { rows, matches, wanted, docCounts, filters, lookupCost } = counts;
  const walk = keywordPlan(matches, rows, wanted, lookupCost) === "walk";
  return {
    ...plan,
    walk,
    listed: walk
      ? docCounts.map((count) => walkWithList(count, matches, rows, wanted))
      : [],
    first:
      !walk &&
      plan.mode === "index" &&
      filters > 1 &&
      keywordFirst(docCounts[0]!, matches, rows),
  };
}

/** A filter whose rows can change without a write to the table (time, other tables). */
function volatileFilter<Row>(
  def: AnyResourceDefinition<Row>,
  filter: Filter,
): boolean {
  return Object.keys(filter).some(
    (key) =>
      filter[key] !== undefined &&
      filter[key] !== "" &&
      def.filters?.[key]?.volatile === true,
  );
}

/** One page and its total, the total read instead of counted where it can be. */
function pageReader<Row>(
  ctx: QueryContext<Row>,
  queries: ReturnType<typeof compiledQueries<Row>>,
  prepare: () => Promise<void>,
) {
  const { app, def, db, kind, search } = ctx;
  const { pageQuery, countQuery, countsQuery, termsQuery } = queries;
  const totals = new LRUCache<string, { version: number; total: number }>({
    max: CACHED_TOTALS_PER_RESOURCE,
  });
  /**
   * A keyword's terms as the index holds them (ids, document counts), under the table's
   * write version like the totals: every write to the index moves it (a row's write, a
   * build's start and end). On PostgreSQL each statement of a read is a round trip, and
   * sending one was a quarter of a keyword list's Node CPU.
   */
  const knownTerms = new LRUCache<
    string,
    { version: number; rows: Record<string, unknown>[] }
  >({ max: CACHED_TOTALS_PER_RESOURCE });
  const isVolatile = (filter: Filter) => volatileFilter(def, filter);

  /**
   * One page and the number of all matching rows, read from the same snapshot. The total
   * is read, not counted, when it can be: the kept row count without a filter, a term's
   * document count for a one-word keyword, or a total counted before under the same
   * write version of the table.
   */
  async function pageWithTotal(
    filter: Filter,
    sort: Sort,
    offset: number,
    limit: number,
  ): Promise<{ rows: Row[]; total: number; plan: FindPlan }> {
    const keyword =
      search && typeof filter.q === "string" ? filter.q.trim() : "";
    if (!def.readOnly) await prepare();
    if (keyword) await loadSegmenter();
    // No terms while the index is being built: the substring search answers.
    const terms =
      keyword && isIndexReady(db(), search!.table) ? queryTerms(keyword) : [];
    const active = Object.keys(filter).filter(
      (key) =>
        filter[key] !== undefined && filter[key] !== null && filter[key] !== "",
    );
    let plan: FindPlan = NO_KEYWORD;
    let docCounts: number[] = [];
    let known: number | undefined;
    let cacheAs: { key: string; version: number } | undefined;
    const termsKey = terms.join("\u0000");
    let idsFirst = false;
    let rememberTermsAt: number | undefined;
    const steps: ReadStep[] = [
      countsQuery,
      terms.length > 0
        ? ([counts]) => {
            const kept = counts![0] as
              { writeVersion: number | string } | undefined;
            if (!kept) return termsQuery(terms);
            const version = Number(kept.writeVersion);
            const hit = knownTerms.get(termsKey);
            if (hit && hit.version === version) return knownRows(hit.rows);
            rememberTermsAt = version;
            return termsQuery(terms);
          }
        : constant(0),
      ([counts, termRows]) => {
        const kept = counts![0] as
          | { rowCount: number | string; writeVersion: number | string }
          | undefined;
        const rows = kept ? Number(kept.rowCount) : undefined;
        if (keyword) {
          const found = (
            termRows as { id: number; term: string; docCount: number }[]
          ).filter((row) => Number(row.docCount) > 0);
          if (terms.length > 0 && found.length === terms.length) {
            found.sort((a, b) => Number(a.docCount) - Number(b.docCount));
            plan = indexPlan(found, rows);
            docCounts = found.map((row) => Number(row.docCount));
            if (active.length === 1 && found.length === 1)
              known = Number(found[0]!.docCount);
          } else plan = { ...NO_KEYWORD, mode: "substring" };
        }
        if (active.length === 0 && rows !== undefined) known = rows;
        if (known === undefined && kept && !isVolatile(filter)) {
          const key = JSON.stringify(filter);
          const version = Number(kept.writeVersion);
          const hit = totals.get(key);
          if (hit && hit.version === version) known = hit.total;
          else cacheAs = { key, version };
        }
        idsFirst = readsIdsFirst(kind(), plan, filter, sort);
        if (idsFirst) return queries.idsQuery(filter, plan, IDS_FIRST_MAX + 1);
        return known === undefined ? countQuery(filter, plan) : constant(known);
      },
      // The total: counted above, or the number of ids read first, or, when they were
      // too many to page through, counted now.
      ([, , first]) => {
        if (!idsFirst) return knownRows(first!);
        if (first!.length <= IDS_FIRST_MAX) return constant(first!.length);
        idsFirst = false;
        return known === undefined ? countQuery(filter, plan) : constant(known);
      },
      ([counts, , first, counted]) => {
        if (idsFirst)
          return queries.pageOfIds(
            first!.map((row) => Number(row.id)),
            sort,
            offset,
            limit,
          );
        // Look the matches up and sort them, or walk the ORDER BY index (keywordPlan).
        const byLookup =
          keyword || active.some((key) => def.filters?.[key]?.lookup === true);
        if (kind() === "sqlite" && byLookup && sort.field !== "relevance") {
          plan = sqlitePagePlan(plan, {
            rows: Number(
              (counts![0] as { rowCount?: number } | undefined)?.rowCount ?? 0,
            ),
            matches: Number(counted![0]!.total),
            wanted: offset + limit,
            docCounts,
            filters: active.length,
            lookupCost: def.lookupCost,
          });
        }
        return pageQuery(filter, sort, offset, limit, plan);
      },
    ];
    const [, termRows, , counted, rows] = await app.store.read(steps);
    if (rememberTermsAt !== undefined)
      knownTerms.set(termsKey, { version: rememberTermsAt, rows: termRows! });
    const total = Number(counted![0]!.total);
    if (cacheAs) totals.set(cacheAs.key, { version: cacheAs.version, total });
    return { rows: rows as Row[], total, plan };
  }

  return { pageWithTotal };
}

/** Finding rows by id and the writes, each keeping the word index up to date. */
function rowWrites<Row>(ctx: QueryContext<Row>) {
  const { def, db, kind, table, search } = ctx;
  // The write functions take the executor: the record routes pass their transaction, so
  // the change, its related rows and its audit row land together.
  type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  /** Brings the word index up to date with rows written in `executor`'s transaction. */
  async function reindex(executor: Db, rows: Row[], deleted = false) {
    if (!search) return;
    await reindexRows(
      executor,
      kind(),
      search,
      rows.map((row) => {
        const values = row as Record<string, unknown>;
        return { id: Number(values.id), row: deleted ? undefined : values };
      }),
    );
  }

  async function findRow(
    id: number,
    executor: Db = db(),
  ): Promise<Row | undefined> {
    return (await executor
      .selectFrom(table)
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst()) as Row | undefined;
  }

  /** The rows among `ids` that exist, in id order. */
  async function findRows(ids: number[], executor: Db): Promise<Row[]> {
    return (await executor
      .selectFrom(table)
      .selectAll()
      .where("id", "in", ids)
      .orderBy("id")
      .execute()) as Row[];
  }

  /** Turns a unique-index violation into 40900 naming the field that collided. */
  async function conflictFrom(
    error: unknown,
    values: Record<string, unknown>,
    language: Language,
    selfId?: number,
  ): Promise<never> {
    if (!isUniqueViolation(error)) throw error;
    const errors: Record<string, string> = {};
    for (const field of def.uniqueFields ?? []) {
      if (values[field] === undefined) continue;
      let query = db()
        .selectFrom(table)
        .select("id")
        .where(field, "=", values[field]);
      if (selfId !== undefined) query = query.where("id", "<>", selfId);
      if (await query.executeTakeFirst())
        errors[field] = localizeText("already taken", language);
    }
    throw new ApiError(Code.CONFLICT, { data: { errors } });
  }

  async function insert(
    executor: Db,
    values: Record<string, unknown>,
  ): Promise<Row> {
    const row = (await executor
      .insertInto(table)
      .values(await withSortKeys(def.sortKeys, values))
      .returningAll()
      .executeTakeFirstOrThrow()) as Row;
    await reindex(executor, [row]);
    return row;
  }

  /** Updates a row only if it still has `version`, bumping it; undefined when not. */
  async function updateVersioned(
    executor: Db,
    id: number,
    version: number,
    values: Record<string, unknown>,
  ): Promise<Row | undefined> {
    const row = (await executor
      .updateTable(table)
      .set({
        ...(await withSortKeys(def.sortKeys, values)),
        version: sql`version + 1`,
      })
      .where("id", "=", id)
      .where("version", "=", version)
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
    if (row) await reindex(executor, [row]);
    return row;
  }

  async function remove(executor: Db, id: number): Promise<Row | undefined> {
    const row = (await executor
      .deleteFrom(table)
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst()) as Row | undefined;
    if (row) await reindex(executor, [row], true);
    return row;
  }

  /** Deletes the rows among `ids` that exist; answers their ids. */
  async function removeMany(executor: Db, ids: number[]): Promise<number[]> {
    const rows = await executor
      .deleteFrom(table)
      .where("id", "in", ids)
      .returning("id")
      .execute();
    await reindex(executor, rows as Row[], true);
    return rows.map((row) => Number(row.id));
  }

  /** Applies `values` to the rows among `ids` that exist; answers their ids. */
  async function updateMany(
    executor: Db,
    ids: number[],
    values: Record<string, unknown>,
  ): Promise<number[]> {
    const rows = await executor
      .updateTable(table)
      .set({
        ...(await withSortKeys(def.sortKeys, values)),
        version: sql`version + 1`,
      })
      .where("id", "in", ids)
      .returningAll()
      .execute();
    await reindex(executor, rows as Row[]);
    return rows.map((row) => Number(row.id));
  }

  return {
    findRow,
    findRows,
    insert,
    updateVersioned,
    remove,
    removeMany,
    updateMany,
    conflictFrom,
  };
}

/**
 * Every query the resource routes run for one resource: filtering, paging, counting,
 * finding a row, and naming the field of a unique conflict. Only this file touches the
 * resource's table.
 */
export function resourceQueries<Row>(
  app: FastifyInstance,
  def: AnyResourceDefinition<Row>,
) {
  const table = def.table;
  for (const field of Object.keys(def.sortKeys ?? {})) {
    if (!def.sortable.includes(field))
      throw new Error(
        `${table}: sort key for "${field}", which is not sortable`,
      );
  }
  const ctx: QueryContext<Row> = {
    app,
    def,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    db: () => app.store.db as unknown as Kysely<any>,
    kind: () => app.store.kind,
    table,
    sqlTable: table.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`),
    search: def.search,
  };
  const { db, kind, sqlTable, search } = ctx;
  const { selectMatching } = matchConditions(ctx);
  const queries = compiledQueries(ctx, selectMatching);

  // The store keeps the table's row count and write version (lists read their totals
  // there), and the word index is built for the fields the definition declares.
  // On start the index builds in the background (index-build.ts): lists search by
  // substring until it is done, instead of the server waiting for it to listen.
  let prepared: Promise<void> | undefined;
  const prepareWith = (waitForIndex: boolean) =>
    (prepared ??= (async () => {
      await ensureCounted(db(), kind(), sqlTable);
      if (!search) return;
      if (waitForIndex) await ensureIndexBuilt(db(), kind(), search);
      else startIndexBuild(db(), kind(), search, app.log);
    })());
  const prepare = () => prepareWith(true);
  if (!def.readOnly) {
    try {
      app.addHook("onReady", () => prepareWith(false));
    } catch {
      // Defined on a running app (tests): prepared on its first list instead.
    }
  }

  const { pageWithTotal } = pageReader(ctx, queries, prepare);

  /** One page of matching rows, in the given order (the export reads page by page). */
  async function page(
    filter: Filter,
    sort: Sort,
    offset: number,
    limit: number,
  ): Promise<Row[]> {
    return (await pageWithTotal(filter, sort, offset, limit)).rows;
  }

  return {
    filterSchema: filterSchemaOf(def),
    search,
    page,
    pageWithTotal,
    ...rowWrites(ctx),
  };
}

export type ResourceQueries<Row> = ReturnType<typeof resourceQueries<Row>>;

import { CompiledQuery, type Insertable, type Transaction } from "kysely";
import type { Store } from "../db/store.js";
import type { BehaviorEventsTable, Database } from "../db/schema.js";
import { eventTime } from "./rollup.js";
import { behaviorEventSchema } from "../../common/schemas/behavior.js";

type Stored = Insertable<BehaviorEventsTable>;

/**
 * One raw event as queued: the row as stored, with its time as a number (ms) in place of
 * `occurredAt`, which is formatted as it is written (see `Chunk`).
 */
export type BehaviorRow = Omit<Stored, "id" | "occurredAt"> & { at: number };
type Row = BehaviorRow;

/** The columns in the order each row's values are queued. */
const COLUMNS = [
  "day",
  "occurredAt",
  "type",
  "app",
  "visitorId",
  "sessionId",
  "path",
  "name",
  "durationMs",
  "referrerDomain",
  "device",
  "ipPrefix",
] as const satisfies readonly (keyof Stored)[];
const WIDTH = COLUMNS.length;
const TIME = COLUMNS.indexOf("occurredAt");

/**
 * The columns whose strings come from the request (the event's own fields, freshly
 * parsed, and its referrer's domain); the others are shared already (the day, the
 * second, the device class, the address).
 */
const FROM_REQUEST: readonly boolean[] = COLUMNS.map(
  (column) =>
    column in behaviorEventSchema.shape || column === "referrerDomain",
);
/** Distinct strings kept for reuse before the table starts over. */
const MAX_INTERNED = 4096;
/** Written chunks kept for the next rows: enough for one threshold write and a spare. */
const SPARE_CHUNKS = 6;

/**
 * Rows per INSERT, and per queued chunk: 12 columns each, well under SQLite's
 * bound-parameter limit. A chunk is 6,000 slots (48 KB), under V8's large-object size
 * (128 KB): one flat queue used to grow past it, and each regrowth left a copy in
 * the large-object space, which only a full collection frees (~30 MB of RSS under a
 * flood: docs/performance.md, "behaviour, under flood").
 */
const ROWS_PER_INSERT = 500;
const CHUNK_SLOTS = ROWS_PER_INSERT * WIDTH;
/**
 * A write starts as soon as this many rows wait, not only once a second: under a flood
 * the queue (and the garbage each write leaves) stays small, which keeps RSS down.
 */
const FLUSH_ROWS = 2_000;
/** SQLite's page cache while the events are written: -n is n KiB (see `boundCache`). */
const WRITE_CACHE_SIZE = -2000;
/**
 * Queued events beyond this are refused (the endpoint answers 42900): a flood, or a
 * store that stops keeping up, cannot exhaust memory.
 */
export const MAX_QUEUED_ROWS = 50_000;

/**
 * A queued chunk's rows. The values are flat, in COLUMNS order; the times stay numbers,
 * unboxed, until the rows are written: an event's formatted time was a new string per
 * event, and the queued ones were promoted to V8's old space with the row (each batch
 * then left 336 bytes there; 73 with the time kept as a number).
 */
class Chunk {
  readonly values = new Array<unknown>(CHUNK_SLOTS);
  readonly times = new Float64Array(ROWS_PER_INSERT);
}

/**
 * Behaviour events are queued and written once a second in one transaction, not one
 * write per request: the endpoint must take thousands of batches a second, and a page
 * view is worth less than a fsync. A crash loses at most the last second's events
 * (docs/decisions.md); a clean stop flushes them.
 */
export class BehaviorWriter {
  /**
   * Each queued row's values, flat, in COLUMNS order, in chunks of CHUNK_SLOTS; only the
   * last chunk is partly filled, up to `filled`.
   */
  private chunks: Chunk[] = [];
  private filled = CHUNK_SLOTS;
  private rows = 0;
  /** The INSERT of n rows, compiled once per n (Kysely's building cost more than SQLite). */
  private readonly inserts = new Map<number, string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private flushQueued = false;
  /** Chunks written and free to fill again (long-lived: no garbage per write). */
  private spare: Chunk[] = [];
  /** One copy of each string seen lately (see `add`). */
  private interned = new Map<string, string>();
  /** Events refused because the queue was full. */
  refused = 0;
  /** The connection's own page cache size, read once (SQLite). */
  private cacheSize: number | undefined;

  constructor(
    private readonly store: Store,
    private readonly onError: (error: unknown) => void,
    private readonly flushMs = 1000,
    private readonly maxQueued = MAX_QUEUED_ROWS,
  ) {}

  get queued(): number {
    return this.rows;
  }

  /**
   * Queues the rows, all or none: false (nothing queued) when they do not fit under the
   * bound, so the caller can say so rather than claim them stored.
   */
  add(rows: readonly Row[]): boolean {
    if (this.rows + rows.length > this.maxQueued) {
      this.refused += rows.length;
      return false;
    }
    let chunk = this.chunks[this.chunks.length - 1];
    let at = this.filled;
    for (const row of rows) {
      if (at === CHUNK_SLOTS) {
        // Allocated at full size once, never grown: no copies, no large objects.
        chunk = this.spare.pop() ?? new Chunk();
        this.chunks.push(chunk);
        at = 0;
      }
      const { values, times } = chunk!;
      times[at / WIDTH] = row.at;
      for (let c = 0; c < WIDTH; c++) {
        const value =
          c === TIME ? null : (row[COLUMNS[c] as keyof Row] ?? null);
        values[at++] =
          FROM_REQUEST[c] && typeof value === "string"
            ? this.intern(value)
            : value;
      }
    }
    this.filled = at;
    this.rows += rows.length;
    if (this.timer && !this.flushQueued && this.rows >= FLUSH_ROWS) {
      this.flushQueued = true;
      void this.flush().finally(() => {
        this.flushQueued = false;
      });
    }
    return true;
  }

  /**
   * The one kept copy of `value`. A queued row lives until the next write, long enough
   * to be promoted out of V8's young generation under a flood, and its strings with it;
   * the old space then grew ~40 MB a second between full collections. The same visitor,
   * visit, path and type recur from event to event, so their kept copies are reused and
   * the request's own strings die young.
   */
  private intern(value: string): string {
    const kept = this.interned.get(value);
    if (kept !== undefined) return kept;
    if (this.interned.size >= MAX_INTERNED) this.interned.clear();
    this.interned.set(value, value);
    return value;
  }

  private insertSql(rows: number): string {
    let text = this.inserts.get(rows);
    if (text === undefined) {
      const template = Object.fromEntries(COLUMNS.map((c) => [c, null]));
      text = this.store.db
        .insertInto("behaviorEvents")
        .values(Array.from({ length: rows }, () => template) as never)
        .compile().sql;
      this.inserts.set(rows, text);
    }
    return text;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Writes everything queued so far (tests call it instead of waiting a second). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writeQueued());
    return this.flushing;
  }

  private async writeQueued(): Promise<void> {
    if (this.rows === 0) return;
    const chunks = this.chunks;
    const lastRows = this.filled / WIDTH;
    this.chunks = [];
    this.filled = CHUNK_SLOTS;
    this.rows = 0;
    try {
      await this.store.transaction(async (trx) => {
        const cacheSize = await this.boundCache(trx);
        try {
          for (let c = 0; c < chunks.length; c++) {
            const chunk = chunks[c]!;
            const rows = c === chunks.length - 1 ? lastRows : ROWS_PER_INSERT;
            for (const [from, count] of insertSizes(rows)) {
              // A copy: Kysely freezes a query's parameters, and the chunk is refilled.
              // It is garbage as soon as the INSERT has run, young on SQLite, and so
              // are the times formatted into it.
              const parameters = chunk.values.slice(
                from * WIDTH,
                (from + count) * WIDTH,
              );
              for (let r = 0; r < count; r++) {
                parameters[r * WIDTH + TIME] = eventTime(
                  chunk.times[from + r]!,
                );
              }
              await trx.executeQuery(
                CompiledQuery.raw(this.insertSql(count), parameters),
              );
            }
          }
        } finally {
          if (cacheSize !== undefined) {
            await trx.executeQuery(
              CompiledQuery.raw(`pragma cache_size = ${cacheSize}`),
            );
          }
        }
      });
    } catch (error) {
      this.onError(error);
    }
    // Written (or failed): the chunks are free for the next rows. Their stale values are
    // overwritten as the chunk refills; at most SPARE_CHUNKS chunks' worth stay alive.
    for (const chunk of chunks) {
      if (this.spare.length >= SPARE_CHUNKS) break;
      this.spare.push(chunk);
    }
  }

  /**
   * SQLite keeps up to 4 MB of pages per connection (16 MB, better-sqlite3's default,
   * before `SQLITE_CACHE_KIB` in store.ts), and a flood of events filled the writing
   * connection's cache with new pages of a table nobody reads back: ~8 MB more RSS under
   * load at 16 MB, which malloc kept even after
   * `shrink_memory` handed the pages back. The events are written with the cache bounded
   * to SQLite's own default, 2 MB (an append touches a few pages of two B-trees), and the
   * connection's size is restored after. Answers the size to restore (SQLite only).
   */
  private async boundCache(
    trx: Transaction<Database>,
  ): Promise<number | undefined> {
    if (this.store.kind !== "sqlite") return undefined;
    if (this.cacheSize === undefined) {
      const { rows } = await trx.executeQuery<Record<string, number>>(
        CompiledQuery.raw("pragma cache_size"),
      );
      this.cacheSize = Number(Object.values(rows[0] ?? {})[0] ?? -2000);
    }
    await trx.executeQuery(
      CompiledQuery.raw(`pragma cache_size = ${WRITE_CACHE_SIZE}`),
    );
    return this.cacheSize;
  }
}

/**
 * A chunk's rows as INSERTs of powers of two (500 whole, else 256, 128, … 1): [first row,
 * count] pairs. An INSERT of any other size would be compiled and prepared once per size
 * seen, up to 500 statements (and their SQL text) kept for a table nobody reads back.
 */
export function insertSizes(rows: number): [number, number][] {
  if (rows === ROWS_PER_INSERT) return [[0, rows]];
  const sizes: [number, number][] = [];
  let from = 0;
  for (let size = 256; size >= 1; size >>= 1) {
    if (rows - from >= size) {
      sizes.push([from, size]);
      from += size;
    }
  }
  return sizes;
}

import { CompiledQuery, sql, type Insertable } from "kysely";
import type { Store } from "../db/store.js";
import type { BehaviorEventsTable } from "../db/schema.js";

/** One raw event as stored. */
export type BehaviorRow = Omit<Insertable<BehaviorEventsTable>, "id">;
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
] as const satisfies readonly (keyof Row)[];

/** Rows per INSERT: 12 columns each, well under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 500;
/**
 * A write starts as soon as this many rows wait, not only once a second: under a flood
 * the queue (and the garbage each write leaves) stays small, which keeps RSS down.
 */
const FLUSH_ROWS = 2_000;
/** The writing connection's page cache is released at most this often (ms). */
const SHRINK_EVERY_MS = 1000;
/** Queued events beyond this are dropped (and counted): a flood cannot exhaust memory. */
const MAX_QUEUE = 50_000;

/**
 * Behaviour events are queued and written once a second in one transaction, not one
 * write per request: the endpoint must take thousands of batches a second, and a page
 * view is worth less than a fsync. A crash loses at most the last second's events
 * (docs/decisions.md); a clean stop flushes them.
 */
export class BehaviorWriter {
  /** Each queued row's values, flat, in COLUMNS order. */
  private queue: unknown[] = [];
  /** The INSERT of n rows, compiled once per n (Kysely's building cost more than SQLite). */
  private readonly inserts = new Map<number, string>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private flushQueued = false;
  dropped = 0;
  private lastShrink = 0;

  constructor(
    private readonly store: Store,
    private readonly onError: (error: unknown) => void,
    private readonly flushMs = 1000,
  ) {}

  get queued(): number {
    return this.queue.length / COLUMNS.length;
  }

  add(rows: Row[]): void {
    const room = MAX_QUEUE - this.queued;
    if (room < rows.length) this.dropped += rows.length - Math.max(room, 0);
    const queue = this.queue;
    for (let i = 0; i < rows.length && i < room; i++) {
      const row = rows[i]!;
      for (const column of COLUMNS) queue.push(row[column] ?? null);
    }
    if (this.timer && !this.flushQueued && this.queued >= FLUSH_ROWS) {
      this.flushQueued = true;
      void this.flush().finally(() => {
        this.flushQueued = false;
      });
    }
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
    if (this.queue.length === 0) return;
    const rows = this.queue;
    this.queue = [];
    try {
      const width = COLUMNS.length;
      const step = ROWS_PER_INSERT * width;
      await this.store.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += step) {
          const parameters = rows.slice(i, i + step);
          await trx.executeQuery(
            CompiledQuery.raw(
              this.insertSql(parameters.length / width),
              parameters,
            ),
          );
        }
      });
      await this.shrinkCache();
    } catch (error) {
      this.onError(error);
    }
  }

  /**
   * SQLite keeps up to 16 MB of pages per connection (better-sqlite3's default), and a
   * flood of events fills the writing connection's cache with pages of a table nobody
   * reads back: ~7 MB of RSS under load. At most once a second, after a write, the
   * connection hands its cache back; the pages stay in the OS's cache.
   */
  private async shrinkCache(): Promise<void> {
    if (this.store.kind !== "sqlite") return;
    const now = Date.now();
    if (now - this.lastShrink < SHRINK_EVERY_MS) return;
    this.lastShrink = now;
    await sql`pragma shrink_memory`.execute(this.store.db);
  }
}

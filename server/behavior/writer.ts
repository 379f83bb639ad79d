import type { Insertable } from "kysely";
import type { Store } from "../db/store.js";
import type { BehaviorEventsTable } from "../db/schema.js";

type Row = Insertable<BehaviorEventsTable>;

/** Rows per INSERT: 12 columns each, well under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 500;
/** Queued events beyond this are dropped (and counted): a flood cannot exhaust memory. */
const MAX_QUEUE = 50_000;

/**
 * Behaviour events are queued and written once a second in one transaction, not one
 * write per request: the endpoint must take thousands of batches a second, and a page
 * view is worth less than a fsync. A crash loses at most the last second's events
 * (docs/decisions.md); a clean stop flushes them.
 */
export class BehaviorWriter {
  private queue: Row[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly store: Store,
    private readonly onError: (error: unknown) => void,
    private readonly flushMs = 1000,
  ) {}

  add(rows: Row[]): void {
    const room = MAX_QUEUE - this.queue.length;
    if (room < rows.length) this.dropped += rows.length - Math.max(room, 0);
    if (room > 0) this.queue.push(...rows.slice(0, room));
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
      await this.store.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
          await trx
            .insertInto("behaviorEvents")
            .values(rows.slice(i, i + ROWS_PER_INSERT))
            .execute();
        }
      });
    } catch (error) {
      this.onError(error);
    }
  }
}

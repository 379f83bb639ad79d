import type { Store } from "../db/store.js";

/** Counted views are written this often, as one increment per question. */
const FLUSH_INTERVAL_MS = 2000;

/**
 * Question views, counted in memory and written in batches: a view is a read, and a
 * write on every read serialised the store's writers (docs/performance.md). Each flush
 * adds its counts (`views = views + n`), so several instances add up correctly; a crash
 * loses at most two seconds of views.
 */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly store: Store) {}

  /** Counts one view and answers how many of this question's views are not yet stored. */
  count(questionId: number): number {
    const next = (this.pending.get(questionId) ?? 0) + 1;
    this.pending.set(questionId, next);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.timer.unref?.();
    return next;
  }

  /** Views counted but not yet stored, for answers that show the count. */
  unstored(questionId: number): number {
    return this.pending.get(questionId) ?? 0;
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    for (const [questionId, views] of batch) {
      await this.store.db
        .updateTable("askQuestions")
        .set((eb) => ({ views: eb(eb.ref("views"), "+", views) }))
        .where("id", "=", questionId)
        .execute();
    }
  }
}

const counters = new WeakMap<Store, ViewCounter>();

/** The store's view counter (one per store, so each test app has its own). */
export function viewCounter(store: Store): ViewCounter {
  let counter = counters.get(store);
  if (!counter) {
    counter = new ViewCounter(store);
    counters.set(store, counter);
  }
  return counter;
}

/**
 * Which tables' word indexes answer queries, per store (index-build.ts). A table whose
 * index is being built, or was never built from its current fields, is searched by the
 * substring search until its build finishes: lists never wait for a build.
 */

// The store's Kysely instance is the key: tests run several stores in one process.
type StoreKey = object;

const readyTables = new WeakMap<StoreKey, Set<string>>();
const runningBuilds = new WeakMap<StoreKey, Map<string, Promise<unknown>>>();

/**
 * Tables that hold a row id SQLite's postings cannot key (over 2^24 - 1, postings.ts):
 * searched by substring in this process, and not rebuilt (index-build.ts refuses).
 */
const unindexable = new Set<string>();

export function markUnindexable(table: string): void {
  unindexable.add(table);
}

/** Tests only: forgets markUnindexable. */
export function forgetUnindexable(): void {
  unindexable.clear();
}

export function isIndexReady(store: StoreKey, table: string): boolean {
  if (unindexable.has(table)) return false;
  return readyTables.get(store)?.has(table) ?? false;
}

export function setIndexReady(
  store: StoreKey,
  table: string,
  ready: boolean,
): void {
  let tables = readyTables.get(store);
  if (!tables) readyTables.set(store, (tables = new Set()));
  if (ready) tables.add(table);
  else tables.delete(table);
}

/** The build of `table` under way on `store`, or the one `start` starts now. */
export function buildOnce<T>(
  store: StoreKey,
  table: string,
  start: () => Promise<T>,
): Promise<T> {
  let builds = runningBuilds.get(store);
  if (!builds) runningBuilds.set(store, (builds = new Map()));
  const running = builds.get(table);
  if (running) return running as Promise<T>;
  const build = start().finally(() => builds.delete(table));
  builds.set(table, build);
  return build;
}

/** Settles when every build started on `store` has (tests, benches, shutdown). */
export async function indexBuildsSettled(store: StoreKey): Promise<void> {
  for (;;) {
    const builds = [...(runningBuilds.get(store)?.values() ?? [])];
    if (builds.length === 0) return;
    await Promise.allSettled(builds);
  }
}

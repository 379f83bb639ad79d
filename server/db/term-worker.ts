import { parentPort } from "node:worker_threads";
import { termsOfRows } from "./row-terms.js";
import type { SearchSpec } from "./search.js";

/**
 * A worker thread of an index build (term-pool.ts): rows in, their terms out. The store
 * stays with the main thread; this only cuts text.
 */
parentPort!.on(
  "message",
  async (task: {
    id: number;
    spec: SearchSpec;
    rows: Record<string, unknown>[];
  }) => {
    try {
      const result = await termsOfRows(task.spec, task.rows);
      const buffers = result.rows.flatMap((row) => [
        row.pairs.buffer as ArrayBuffer,
        row.ranges.buffer as ArrayBuffer,
      ]);
      parentPort!.postMessage({ id: task.id, result }, buffers);
    } catch (error) {
      parentPort!.postMessage({
        id: task.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  },
);

import fs from "node:fs";
import os from "node:os";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { termsOfRows, type RowsTerms } from "./row-terms.js";
import type { SearchSpec } from "./search.js";

/**
 * Worker threads that cut rows into terms for an index build, so a build uses every
 * core: cutting Chinese text and finding scripture references is most of its CPU, and
 * the store's writes stay on the main thread. Opened for one build and closed after it,
 * so an idle server holds no threads. With no workers (size 0, or workers that cannot
 * start) the rows are cut on the main thread: the same function, the same answer.
 */
export interface TermPool {
  /** The terms of `rows`, as runs in the rows' order (one per worker that took a part). */
  termsOf(
    spec: SearchSpec,
    rows: readonly Record<string, unknown>[],
  ): Promise<RowsTerms[]>;
  close(): Promise<void>;
  /** Whether the last termsOf was cut by the workers (false: on this thread). */
  readonly threaded: boolean;
}

interface Pending {
  resolve(result: RowsTerms): void;
  reject(error: Error): void;
}

/** How a worker is started: the bundle's term-worker.js, or the TypeScript source via tsx. */
function startWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith(".ts")) {
    // Running from source (tsx, vitest): the worker registers tsx before loading its file.
    const api = pathToFileURL(
      createRequire(here)
        .resolve("tsx/esm/api")
        .replace(/\.cjs$/, ".mjs"),
    ).href;
    const file = new URL("./term-worker.ts", here).href;
    return new Worker(
      `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); });`,
      { eval: true },
    );
  }
  // The bundle (scripts/build-server.mjs): dist/server/term-worker.js, next to main.js,
  // whether this code landed in main.js or in a chunk below it.
  const candidates = ["./term-worker.js", "../term-worker.js"].map(
    (name) => new URL(name, here),
  );
  const found = candidates.find((url) => fs.existsSync(fileURLToPath(url)));
  if (!found) throw new Error("term-worker.js is missing next to the server");
  return new Worker(found);
}

export function openTermPool(size = os.availableParallelism()): TermPool {
  const workers: Worker[] = [];
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let broken = size <= 0;
  let threaded = false;
  const fail = (error: Error) => {
    broken = true;
    for (const task of pending.values()) task.reject(error);
    pending.clear();
  };
  if (!broken) {
    try {
      for (let i = 0; i < size; i++) {
        const worker = startWorker();
        worker.unref();
        worker.on(
          "message",
          (message: { id: number; result?: RowsTerms; error?: string }) => {
            const task = pending.get(message.id);
            if (!task) return;
            pending.delete(message.id);
            if (message.result) task.resolve(message.result);
            else task.reject(new Error(message.error ?? "term worker failed"));
          },
        );
        worker.on("error", fail);
        worker.on("exit", (code) => {
          if (code !== 0) fail(new Error(`term worker exited with ${code}`));
        });
        workers.push(worker);
      }
    } catch {
      broken = true;
    }
  }

  const run = (worker: Worker, spec: SearchSpec, rows: unknown[]) =>
    new Promise<RowsTerms>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, spec, rows });
    });

  return {
    get threaded() {
      return threaded;
    },
    async termsOf(spec, rows) {
      threaded = false;
      if (broken || rows.length === 0) return [await termsOfRows(spec, rows)];
      // Contiguous parts, one per worker, so the runs come back in the rows' order.
      const part = Math.ceil(rows.length / workers.length);
      const parts: Promise<RowsTerms>[] = [];
      for (let i = 0; i * part < rows.length; i++)
        parts.push(
          run(workers[i]!, spec, rows.slice(i * part, (i + 1) * part)),
        );
      try {
        const runs = await Promise.all(parts);
        threaded = true;
        return runs;
      } catch {
        // A worker that failed (it could not load, or died) leaves the build on this
        // thread rather than failing it.
        broken = true;
        return [await termsOfRows(spec, rows)];
      }
    },
    async close() {
      broken = true;
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Two projects: node-side code (server, common, scripts) and the browser apps (jsdom).
//
// TEST_DATABASE_URL chooses the store the node project's tests run against. The web
// project's tests never touch a store, so a run with TEST_DATABASE_URL (CI's second pass,
// on PostgreSQL) leaves them out: they already ran on the first pass, and their result
// cannot depend on the store.
//
// Vitest's default on a 2-core machine is one worker. The node tests spend much of their
// time waiting on a store, a socket or a child process, so one worker per core keeps
// both cores busy (docs/performance.md, "CI").
const storeRun = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "server/**/*.test.ts",
            "common/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          setupFiles: [],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      ...(storeRun
        ? []
        : [
            {
              plugins: [react()],
              test: {
                name: "web",
                environment: "jsdom",
                include: [
                  "src/**/*.test.{ts,tsx}",
                  "public-site/**/*.test.{ts,tsx}",
                ],
                setupFiles: ["src/test/setup.ts"],
                testTimeout: 20000,
              },
            },
          ]),
    ],
  },
});

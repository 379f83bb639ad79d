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
// time waiting on a store, a socket or a child process, so one worker more than the
// cores keeps them busy: on 2 cores the PostgreSQL pass took 98 s with 3 workers against
// 137 s with 2 (57 % busy in CI), and a fourth added CPU but no speed (docs/performance.md, "CI").
const storeRun = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    maxWorkers: availableParallelism() + 1,
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
          // Passwords hash at scrypt N=2^10 instead of 2^15 here: a login costs a
          // production hash and check, about 80 ms of CPU each, and the suite makes
          // thousands. server/services/password.test.ts checks the production parameters
          // (docs/decisions.md, "A cheaper password hash in tests").
          env: { LAMPSTAND_TEST_SCRYPT_N: "1024" },
          // Migrates one SQLite store per run; buildTestApp copies it (server/test/helper.ts).
          globalSetup: ["server/test/global-setup.ts"],
          // Each worker keeps its loaded modules from one test file to the next. Isolated,
          // every file loaded the whole server again in a fresh process: about 70% of the
          // pass went to loading, not testing (docs/performance.md, "CI"). No node test
          // mocks a module; each builds its own app and store (buildTestApp).
          isolate: false,
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
                // As for the node project: a worker keeps its modules between files,
                // which halved this project's CPU on a 14-file sample (docs/performance.md).
                isolate: false,
                testTimeout: 20000,
              },
            },
          ]),
    ],
  },
});

import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions as launchOptions } from "./e2e/chromium";

/**
 * Playwright runs against the built app served by the real server. `scripts/e2e.mjs`
 * builds, starts the server on a free port with a fresh store and sets E2E_BASE_URL;
 * pointing E2E_BASE_URL at an already running server works too.
 * Only Debian's chromium is used: a browser is never downloaded.
 */
const isCI = Boolean(process.env.CI);

export default defineConfig({
  testDir: "./e2e",
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Three workers on two cores: with two, the cores were a quarter idle while tests
  // waited on the server and the browser; a third filled them (docs/performance.md, "CI").
  workers: Number(process.env.E2E_WORKERS ?? 3),
  // Sized for a loaded 2-core machine, where three browsers, the server and PostgreSQL
  // share the cores: an admin screen's lazy chunks took over 7 s to arrive there
  // (docs/decisions.md, "Tests and CI"). A passing wait ends as soon as it is met.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // scripts/e2e.mjs gives each store its own folders, so the SQLite and PostgreSQL passes
  // can run side by side (.ci/run).
  reporter: isCI
    ? [
        ["list"],
        [
          "html",
          {
            open: "never",
            outputFolder: process.env.E2E_REPORT_DIR ?? "playwright-report",
          },
        ],
      ]
    : "list",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "test-results",
  use: {
    baseURL: process.env.E2E_BASE_URL ?? "http://127.0.0.1:8080",
    locale: "zh-CN",
    trace: "on-first-retry",
    // Each worker keeps one browser context and Playwright resets it between tests
    // (cookies, cache, storage, routes, init scripts, pages). A new context cost the full
    // browser about a second of CPU (docs/performance.md, "CI"). A phone's viewport is
    // applied to the kept context; a spec that changes the locale, JavaScript or the
    // storage state gets a context of its own.
    reuseContext: true,
    // As a person who asked for less motion: no ripple or transition frames to draw
    // (src/layout/theme.ts).
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 800 },
        locale: "zh-CN",
        launchOptions,
      },
    },
  ],
});

import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { createLogger, loadConfigFromFile, type Logger } from "vite";

/** A Vite logger that keeps warnings and errors instead of printing them. */
function recordingLogger(): { logger: Logger; said: string[] } {
  const said: string[] = [];
  const logger = createLogger("silent");
  logger.warn = (message) => void said.push(message);
  logger.warnOnce = (message) => void said.push(message);
  logger.error = (message) => void said.push(message);
  return { logger, said };
}

test("Vite loads its config without a warning (the native config loader's needs met)", async () => {
  const { logger, said } = recordingLogger();
  const loaded = await loadConfigFromFile(
    { command: "build", mode: "production" },
    undefined,
    process.cwd(),
    "warn",
    logger,
  );
  expect(loaded?.config.build?.outDir).toBe("dist/web");
  expect(said).toEqual([]);
});

test("every classic script with a src is marked for Vite to leave alone, so the build does not warn", () => {
  // Vite warns "can't be bundled without type=module" for each classic script with a
  // src it does not ignore (the server's /tjc-config.js must stay a classic script).
  for (const page of ["index.html", "public-site/index.html"]) {
    const html = readFileSync(page, "utf8");
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    const classicWithSrc = scripts.filter(
      (attrs) => /\bsrc=/.test(attrs) && !/\btype="module"/.test(attrs),
    );
    expect(classicWithSrc.length, page).toBeGreaterThan(0);
    for (const attrs of classicWithSrc)
      expect(attrs, page).toMatch(/(^|\s)vite-ignore(\s|$)/);
  }
});

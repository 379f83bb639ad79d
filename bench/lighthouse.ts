/**
 * Lighthouse 12 on a page, in Debian's chromium with the e2e tests' flags (no browser is
 * downloaded), with the mobile preset Lighthouse uses by default (a mid-range phone, slow
 * 4G and a 4× slower CPU, simulated). Answers the four category scores, 0–100.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../e2e/chromium.js";

export const LIGHTHOUSE_CATEGORIES = [
  "performance",
  "accessibility",
  "best-practices",
  "seo",
] as const;

export type LighthouseScores = Record<
  (typeof LIGHTHOUSE_CATEGORIES)[number],
  number
>;

/** The metrics behind the performance score, as Lighthouse words them ("1.2 s"). */
const PERFORMANCE_METRICS = [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "cumulative-layout-shift",
  "speed-index",
] as const;

export async function lighthouseScores(
  url: string,
): Promise<{ scores: LighthouseScores; metrics: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: chromiumLaunchOptions.args,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const { categories, runtimeError, audits } = result.lhr;
    if (runtimeError) {
      throw new Error(`lighthouse on ${url}: ${runtimeError.message}`);
    }
    const scores = {} as LighthouseScores;
    for (const name of LIGHTHOUSE_CATEGORIES) {
      scores[name] = Math.round((categories[name]?.score ?? 0) * 100);
    }
    const metrics = PERFORMANCE_METRICS.map(
      (id) => `${id} ${audits[id]?.displayValue ?? "?"}`,
    ).join(", ");
    return { scores, metrics };
  } finally {
    chrome.kill();
  }
}

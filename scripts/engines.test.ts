import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import semver from "semver";

/**
 * `npm ci` warns (EBADENGINE) for every installed package whose `engines.node` refuses the
 * Node the project declares. The lock file records each package's engines, so the check
 * needs no install: every package must accept the oldest Node that `engines` allows.
 */
test("every locked package accepts the oldest Node the project declares", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
    engines: { node: string };
  };
  const oldest = semver.minVersion(pkg.engines.node)!.version;
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
    packages: Record<
      string,
      { version?: string; engines?: { node?: string } | string[] }
    >;
  };
  const refusing: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const range = Array.isArray(entry.engines)
      ? undefined
      : entry.engines?.node;
    if (!path || !range) continue;
    if (!semver.satisfies(oldest, range, { includePrerelease: true })) {
      refusing.push(`${path}@${entry.version} needs node ${range}`);
    }
  }
  expect(refusing).toEqual([]);
});

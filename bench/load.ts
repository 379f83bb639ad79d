// Loading a pair of routes (the machinery and its raw-SQL yardstick) in alternating
// slices, with the CPU each serving process spends per request (bench/sermons.ts).
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU a process has used so far, in ms (/proc/<pid>/stat). */
export function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const after = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(after[11]) + Number(after[12])) * TICK_MS;
}

/** Busy CPU of the whole machine so far, all cores, in ms (/proc/stat). */
export function busyMs(): number {
  const ticks = fs
    .readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const idle = ticks[3]! + ticks[4]!;
  return (ticks.reduce((a, b) => a + b, 0) - idle) * TICK_MS;
}

export interface LoadTarget {
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** The process that answers `url`, whose CPU is charged to it. */
  server: ChildProcess;
  /**
   * Each request asks for its own URL (a parameter the page ignores, `_=n`), so a cache
   * keyed by URL (the public pages' 2 s page cache) never answers: every request renders.
   */
  uncached?: boolean;
}

export interface LoadResult {
  label: string;
  rps: number;
  /** Requests per second in each slice, for per-slice ratios. */
  slices: number[];
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  /** Cores kept busy by other processes of the machine meanwhile. */
  otherCores: number;
}

export interface LoadOptions {
  connections: number;
  /** Seconds per target, split over `rounds` slices. */
  seconds: number;
  rounds: number;
  warmupSeconds: number;
}

/**
 * Loads the targets A, B, A, B, … `rounds` times, after a warm-up of each: the machine's
 * speed drifts over seconds, and alternating puts both sides of a ratio through the same
 * drift. Any failed request is an error.
 */
export async function alternate(
  targets: LoadTarget[],
  options: LoadOptions,
): Promise<LoadResult[]> {
  let nth = 0;
  const run = (target: LoadTarget, seconds: number) => {
    const { pathname, search } = new URL(target.url);
    const fresh = () => `${pathname}${search ? `${search}&` : "?"}_=${nth++}`;
    return autocannon({
      url: target.url,
      headers: target.headers ?? {},
      connections: options.connections,
      duration: seconds,
      timeout: 10,
      ...(target.uncached
        ? { requests: [{ setupRequest: (r) => ({ ...r, path: fresh() }) }] }
        : {}),
    });
  };
  for (const target of targets) await run(target, options.warmupSeconds);
  const servers = [...new Set(targets.map((target) => target.server))];
  const mine = () =>
    cpuMsOf(process.pid) +
    servers.reduce((sum, server) => sum + cpuMsOf(server.pid!), 0);
  const sums = targets.map(() => ({
    requests: 0,
    ms: 0,
    cpu: 0,
    other: 0,
    slices: [] as number[],
    latencies: [] as number[],
  }));
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, target] of targets.entries()) {
      const sum = sums[i]!;
      const cpu0 = cpuMsOf(target.server.pid!);
      const mine0 = mine();
      const busy0 = busyMs();
      const t0 = performance.now();
      const load = run(target, options.seconds / options.rounds);
      load.on("response", (_client, _status, _bytes, ms) =>
        sum.latencies.push(ms),
      );
      const result = await load;
      const ms = performance.now() - t0;
      const failed = result.errors + result.timeouts + result.non2xx;
      if (failed > 0)
        throw new Error(
          `${target.label}: ${failed} failed requests (${JSON.stringify(result.statusCodeStats)})`,
        );
      sum.requests += result.requests.total;
      sum.ms += ms;
      sum.slices.push((result.requests.total * 1000) / ms);
      sum.cpu += cpuMsOf(target.server.pid!) - cpu0;
      sum.other += Math.max(0, busyMs() - busy0 - (mine() - mine0));
    }
  }
  return targets.map((target, i) => {
    const sum = sums[i]!;
    const sorted = sum.latencies.sort((a, b) => a - b);
    const at = (p: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
    return {
      label: target.label,
      rps: (sum.requests * 1000) / sum.ms,
      slices: sum.slices,
      p50: at(0.5),
      p99: at(0.99),
      cpuMsPerRequest: sum.cpu / Math.max(1, sum.requests),
      otherCores: sum.other / sum.ms,
    };
  });
}

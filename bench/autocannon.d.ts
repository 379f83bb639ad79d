// The few parts of autocannon's programmatic API the benchmark uses (it ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
  export type { Options, Result };
}

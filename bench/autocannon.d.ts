// The few parts of autocannon's programmatic API the benchmark uses (it ships no types).
declare module "autocannon" {
  /** One request of a sequence each connection goes through in turn. */
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (
      request: Request,
      context: Record<string, unknown>,
    ) => Request;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
    ) => void;
  }
  interface Options {
    url: string;
    requests?: Request[];
    /** Requests per second over all connections (a fixed rate). */
    overallRate?: number;
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
  /** A run: awaitable for its result, and an emitter of each response as it lands. */
  interface Run extends Promise<Result> {
    on(
      event: "response",
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTimeMs: number,
      ) => void,
    ): this;
  }
  function autocannon(options: Options): Run;
  export default autocannon;
  export type { Options, Request, Result };
}

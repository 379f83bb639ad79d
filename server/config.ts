import { isBase32Secret } from "./services/two-factor.js";
import path from "node:path";

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests give each run its own); default is the server's. */
  databaseSchema: string | undefined;
  adminLogin: string | undefined;
  adminPassword: string | undefined;
  /** ADMIN_TOTP_SECRET (base32): the first administrator is created already enrolled. */
  adminTotpSecret: string | undefined;
  logLevel: string;
  trustProxy: boolean | string | number;
  /** Where the built apps live (vite output). */
  webDir: string;
  /** Optional overrides of the client's service bases (window.__TJC_CONFIG__). */
  clientConfig: { systemBase?: string; mainBase?: string; staticBase?: string };
  /**
   * Extra CSP connect-src sources for live streams (STREAM_CONNECT_SOURCES, comma
   * separated), beyond any https origin: e.g. an http origin on the LAN (docs/live.md).
   */
  streamConnectSources: string[];
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  /** How long a client may take, in milliseconds (docs/operations.md, "Timeouts"). */
  timeouts: {
    /** To send a whole request, body included. */
    requestMs: number;
    /** To send the request's headers. */
    headersMs: number;
    /** A kept-alive connection waits this long for its next request. */
    keepAliveMs: number;
    /** A connection silent this long (mid-request too) is closed. */
    idleMs: number;
  };
  /** Login requests one address may send a minute, on top of the failure throttle. */
  loginsPerIpPerMinute: number;
  /** Open connections one client address may hold at once; 0: no cap. */
  maxConnectionsPerIp: number;
  /** The public community's sign-up (docs/operations.md, "Community sign-up"). */
  community: {
    /** COMMUNITY_SIGN_UP=closed shuts sign-up; members already in can still log in. */
    signUpOpen: boolean;
    /** Accounts one address may create an hour; 0: no limit. */
    signUpsPerIpPerHour: number;
  };
  /** Where the media library keeps files (README, "File storage"). */
  storage:
    | { kind: "local" }
    | {
        kind: "s3";
        s3: {
          endpoint?: string;
          region: string;
          bucket: string;
          accessKeyId?: string;
          secretAccessKey?: string;
          forcePathStyle: boolean;
          prefix: string;
        };
      };
  /** The ops port (metrics, readiness): off when unset (ops-server.ts). */
  metrics: {
    port: number | undefined;
    host: string;
    token: string | undefined;
  };
  /** The scheduler (docs/operations.md, "Scheduled jobs"). */
  jobs: {
    /** JOB_SCHEDULER=off: this instance fires nothing (jobs still run on request). */
    enabled: boolean;
    /** How often the jobs are read, in ms: pause and resume reach an instance within it. */
    tickMs: number;
    /** JOB_TEST_HANDLERS=true adds the diagnostic handler test.wait. */
    testHandlers: boolean;
  };
  /** Behaviour batches one address may send a minute (BEHAVIOR_RATE_LIMIT). */
  behaviorRatePerMinute: number;
  /** The crawler (docs/crawler.md). */
  spider: {
    /** SPIDER_ALLOW_PRIVATE=true lets it reach private, loopback and link-local addresses. */
    allowPrivate: boolean;
  };
  /** E-mail (docs/operations.md, "E-mail"). */
  mail: {
    /** SMTP_URL: smtp://user:pass@host:587 or smtps://…; unset: messages wait in the outbox. */
    smtpUrl: string | undefined;
    /** MAIL_FROM: the From address. */
    from: string;
    /** PUBLIC_ORIGIN: the site's origin for links in messages; unset: the request's. */
    publicOrigin: string | undefined;
    /** MAIL_TICK_MS: how often the outbox is read for due messages. */
    tickMs: number;
    /**
     * MAIL_LINKS_PER_IP_PER_HOUR: reset and confirmation links one client address may ask
     * for an hour, each kind counted apart; 0: no limit (behind a proxy that limits).
     */
    linksPerIpPerHour: number;
    /**
     * REQUIRE_VERIFIED_EMAIL=true|false: the default of the setting
     * `ask.requireVerifiedEmail`; unset: on exactly when SMTP_URL is set.
     */
    requireVerifiedEmail: boolean;
  };
}

function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (value === undefined || value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // comma-separated addresses or CIDRs
}

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(
      `PORT must be an integer between 0 and 65535, got "${value}"`,
    );
  }
  return port;
}

function parseCount(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
): number {
  const value = env[name];
  if (value === undefined || value === "") return fallback;
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) {
    throw new Error(`${name} must be a whole number, got "${value}"`);
  }
  return count;
}

function parseSignUp(value: string | undefined): boolean {
  if (value === undefined || value === "" || value === "open") return true;
  if (value === "closed") return false;
  throw new Error(
    `COMMUNITY_SIGN_UP must be "open" or "closed", got "${value}"`,
  );
}

function parseStorage(env: NodeJS.ProcessEnv): Config["storage"] {
  const kind = env.STORAGE || "local";
  if (kind === "local") return { kind: "local" };
  if (kind !== "s3")
    throw new Error(`STORAGE must be "local" or "s3", got "${kind}"`);
  if (!env.S3_BUCKET) throw new Error("STORAGE=s3 needs S3_BUCKET");
  const prefix = env.S3_PREFIX ?? "";
  return {
    kind: "s3",
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || "us-east-1",
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      // A custom endpoint (MinIO and the like) usually serves buckets by path.
      forcePathStyle:
        env.S3_FORCE_PATH_STYLE !== undefined && env.S3_FORCE_PATH_STYLE !== ""
          ? env.S3_FORCE_PATH_STYLE === "true"
          : Boolean(env.S3_ENDPOINT),
      prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
    },
  };
}

/** CSP sources such as `http://10.0.0.5:8080` or `http://127.0.0.1:*`; anything else is refused. */
function parseConnectSources(value: string | undefined): string[] {
  const sources = (value ?? "").split(/[,\s]+/).filter(Boolean);
  for (const source of sources) {
    if (!/^(https?|wss?):\/\/[A-Za-z0-9.\-[\]:*]+$/.test(source))
      throw new Error(
        `STREAM_CONNECT_SOURCES: "${source}" is not an origin like http://host:port`,
      );
  }
  return sources;
}

/** ADMIN_TOTP_SECRET is checked at start; an error never repeats it (it is a secret). */
function parseTotpSecret(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const secret = value.replace(/\s/g, "").toUpperCase();
  if (!isBase32Secret(secret))
    throw new Error(
      "ADMIN_TOTP_SECRET must be a base32 secret of at least 16 characters (A-Z, 2-7)",
    );
  return secret;
}

/** SMTP_URL is checked at start; an error never repeats it (it may hold a password). */
function parseSmtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("SMTP_URL is not a URL (smtp://user:pass@host:587)");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error(`SMTP_URL must start with smtp:// or smtps://`);
  return value;
}

function parseOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(value.replace(/\/$/, "")))
    throw new Error(
      `PUBLIC_ORIGIN must be an origin like https://church.example.org, got "${value}"`,
    );
  return value.replace(/\/$/, "");
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const clientConfig: Config["clientConfig"] = {};
  if (env.SYSTEM_BASE) clientConfig.systemBase = env.SYSTEM_BASE;
  if (env.MAIN_BASE) clientConfig.mainBase = env.MAIN_BASE;
  if (env.STATIC_BASE) clientConfig.staticBase = env.STATIC_BASE;
  return {
    port: parsePort(env.PORT, 8080),
    host: env.HOST || "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR || "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    adminLogin: env.ADMIN_LOGIN || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminTotpSecret: parseTotpSecret(env.ADMIN_TOTP_SECRET),
    logLevel: env.LOG_LEVEL || "info",
    trustProxy,
    webDir: path.resolve(env.WEB_DIR || "./dist/web"),
    clientConfig,
    streamConnectSources: parseConnectSources(env.STREAM_CONNECT_SOURCES),
    bodyLimit: 1024 * 1024,
    timeouts: {
      // A 10 MB image over a slow (1 Mbit/s) line needs about 80 s.
      requestMs: parseCount(env, "REQUEST_TIMEOUT_MS", 120_000),
      headersMs: parseCount(env, "HEADERS_TIMEOUT_MS", 15_000),
      keepAliveMs: parseCount(env, "KEEP_ALIVE_TIMEOUT_MS", 5_000),
      idleMs: parseCount(env, "IDLE_TIMEOUT_MS", 30_000),
    },
    // Behind a trusted proxy every socket is the proxy's: no cap unless one is asked for.
    loginsPerIpPerMinute: parseCount(env, "LOGINS_PER_IP_PER_MINUTE", 30),
    maxConnectionsPerIp: parseCount(
      env,
      "MAX_CONNECTIONS_PER_IP",
      trustProxy === false ? 64 : 0,
    ),
    storage: parseStorage(env),
    community: {
      signUpOpen: parseSignUp(env.COMMUNITY_SIGN_UP),
      signUpsPerIpPerHour: parseCount(env, "SIGN_UPS_PER_IP_PER_HOUR", 60),
    },
    metrics: {
      port:
        env.METRICS_PORT === undefined || env.METRICS_PORT === ""
          ? undefined
          : parsePort(env.METRICS_PORT, 0),
      host: env.METRICS_HOST || "127.0.0.1",
      token: env.METRICS_TOKEN || undefined,
    },
    jobs: {
      enabled: env.JOB_SCHEDULER !== "off",
      tickMs: Math.max(100, parseCount(env, "JOB_TICK_MS", 1000)),
      testHandlers: env.JOB_TEST_HANDLERS === "true",
    },
    behaviorRatePerMinute: Math.max(
      1,
      parseCount(env, "BEHAVIOR_RATE_LIMIT", 120),
    ),
    spider: { allowPrivate: env.SPIDER_ALLOW_PRIVATE === "true" },
    mail: {
      smtpUrl: parseSmtpUrl(env.SMTP_URL),
      from: env.MAIL_FROM || "no-reply@localhost",
      publicOrigin: parseOrigin(env.PUBLIC_ORIGIN),
      tickMs: Math.max(100, parseCount(env, "MAIL_TICK_MS", 2000)),
      linksPerIpPerHour: parseCount(env, "MAIL_LINKS_PER_IP_PER_HOUR", 10),
      requireVerifiedEmail:
        env.REQUIRE_VERIFIED_EMAIL === "true" ||
        (env.REQUIRE_VERIFIED_EMAIL !== "false" && Boolean(env.SMTP_URL)),
    },
  };
}

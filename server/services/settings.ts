import fp from "fastify-plugin";
import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import {
  LOGIN_MAX_FAILURES,
  SESSION_IDLE_TIMEOUT_MS,
} from "../../common/constants.js";
import { MAX_IMAGE_UPLOAD_BYTES } from "../../common/editor-rules.js";
import type { ConfigType } from "../../common/schemas/config.js";
import { CONFIG_DESCRIPTIONS } from "../../common/system-messages.js";
import {
  ASK_CONFIG_DEFAULTS,
  ASK_CONFIG_KEYS,
  ASK_CONFIG_TYPES,
  encodeAskSetting,
  type AskConfig,
} from "../../common/schemas/ask-moderation.js";

/**
 * The built-in settings, seeded when missing; an administrator changes their values. Each
 * is stored with its zh-CN description (`CONFIG_DESCRIPTIONS`), which readers get in
 * their own language.
 */
export const SEED_CONFIGS: {
  key: string;
  value: string;
  type: ConfigType;
  description: string;
}[] = (
  [
    { key: "site.name", value: "灯台", type: "string" },
    { key: "site.nameEn", value: "Lampstand", type: "string" },
    {
      key: "session.idleMinutes",
      value: String(SESSION_IDLE_TIMEOUT_MS / 60_000),
      type: "number",
    },
    {
      key: "login.maxFailures",
      value: String(LOGIN_MAX_FAILURES),
      type: "number",
    },
    {
      key: "upload.maxImageMB",
      value: String(MAX_IMAGE_UPLOAD_BYTES / 1024 / 1024),
      type: "number",
    },
    { key: "loginLog.retentionDays", value: "180", type: "number" },
    { key: "jobLog.retentionDays", value: "30", type: "number" },
    // The community settings (issue 15, askConfig).
    ...(Object.keys(ASK_CONFIG_KEYS) as (keyof AskConfig)[]).map((field) => ({
      key: ASK_CONFIG_KEYS[field],
      value: encodeAskSetting(field, ASK_CONFIG_DEFAULTS[field]),
      type: ASK_CONFIG_TYPES[field],
    })),
  ] satisfies { key: string; value: string; type: ConfigType }[]
).map((seed) => ({
  ...seed,
  description: CONFIG_DESCRIPTIONS["zh-CN"][seed.key]!,
}));

/** How often each instance rereads the settings: a change applies everywhere within 5 s. */
export const SETTINGS_REFRESH_MS = 2000;

/** Adds the built-in settings that are missing; never touches an existing value. */
export async function seedConfigs(store: Store): Promise<void> {
  const now = nowIso();
  await store.transaction(async (trx) => {
    const known = new Set(
      (await trx.selectFrom("configs").select("key").execute()).map(
        (row) => row.key,
      ),
    );
    const missing = SEED_CONFIGS.filter((seed) => !known.has(seed.key));
    if (missing.length === 0) return;
    await trx
      .insertInto("configs")
      .values(
        missing.map((seed) => ({
          ...seed,
          builtIn: 1,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  });
}

/**
 * The settings as this instance last read them. Reads are synchronous (a request never
 * waits on them); the table is reread every SETTINGS_REFRESH_MS, and at once after a
 * change on this instance.
 */
export class Settings {
  private values = new Map<string, { value: string; type: string }>();

  constructor(private readonly store: Store) {}

  async refresh(): Promise<void> {
    const rows = await this.store.db
      .selectFrom("configs")
      .select(["key", "value", "type"])
      .execute();
    this.values = new Map(rows.map((row) => [row.key, row]));
  }

  string(key: string, fallback: string): string {
    return this.values.get(key)?.value ?? fallback;
  }

  /** A number setting; a missing or unusable one (not finite, not positive) is the fallback. */
  number(key: string, fallback: number): number {
    const entry = this.values.get(key);
    const value = entry ? Number(entry.value) : NaN;
    return Number.isFinite(value) && value > 0 ? value : fallback;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    settings: Settings;
  }
}

/** Loads the settings, keeps them fresh, and points the session idle timeout at them. */
export const settingsPlugin = fp(
  async (app) => {
    const settings = new Settings(app.store);
    await settings.refresh();
    app.decorate("settings", settings);
    app.sessions.idleTimeoutMs = () =>
      settings.number("session.idleMinutes", SESSION_IDLE_TIMEOUT_MS / 60_000) *
      60_000;
    const timer = setInterval(() => {
      settings.refresh().catch((error: unknown) => {
        app.log.warn({ err: error }, "settings refresh failed");
      });
    }, SETTINGS_REFRESH_MS);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "settings", dependencies: ["store", "auth"] },
);

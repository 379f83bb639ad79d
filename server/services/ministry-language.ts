import fp from "fastify-plugin";
import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  type Language,
} from "../../common/codes.js";
import type { Store } from "../db/store.js";

/**
 * How often each instance checks the ministry configuration's version: a default language
 * saved on another instance applies here within this long (on the saving instance, at once).
 */
export const MINISTRY_LANGUAGE_REFRESH_MS = 2000;

/** The ministry configuration's one row (server/routes/ministry). */
const ROW_ID = 1;

/**
 * The ministry's default interface language as this instance last read it: the language
 * the public site renders in and the admin starts in when the visitor chose none and the
 * browser asks for none we support. Reads are synchronous (a page never waits on the
 * database for it); a refresh reads the row's version and save time and parses the record
 * only when either moved.
 */
export class MinistryLanguage {
  private language: Language = DEFAULT_LANGUAGE;
  /** The row's version and save time as last read (a restored database may reuse a version). */
  private stamp: string | null = null;

  constructor(private readonly store: Store) {}

  get(): Language {
    return this.language;
  }

  /** What a save on this instance wrote, so its own pages follow at once. */
  set(language: Language, version: number, updatedAt: string): void {
    this.language = language;
    this.stamp = stampOf(version, updatedAt);
  }

  async refresh(): Promise<void> {
    const row = await this.store.db
      .selectFrom("ministryConfig")
      .select(["version", "updatedAt"])
      .where("id", "=", ROW_ID)
      .executeTakeFirst();
    if (!row) {
      this.language = DEFAULT_LANGUAGE;
      this.stamp = null;
      return;
    }
    if (stampOf(row.version, row.updatedAt) === this.stamp) return;
    const full = await this.store.db
      .selectFrom("ministryConfig")
      .select(["data", "version", "updatedAt"])
      .where("id", "=", ROW_ID)
      .executeTakeFirst();
    if (!full) return;
    this.language = storedLanguage(full.data);
    this.stamp = stampOf(full.version, full.updatedAt);
  }
}

function stampOf(version: number | string, updatedAt: string): string {
  return `${Number(version)}@${updatedAt}`;
}

/** The default language of a stored record; anything unreadable is zh-CN. */
export function storedLanguage(data: string): Language {
  try {
    const value = (JSON.parse(data) as { defaultLanguage?: unknown })
      .defaultLanguage;
    return (SUPPORTED_LANGUAGES as readonly unknown[]).includes(value)
      ? (value as Language)
      : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

declare module "fastify" {
  interface FastifyInstance {
    ministryLanguage: MinistryLanguage;
  }
}

/** Loads the ministry's default language and keeps it fresh. */
export const ministryLanguagePlugin = fp(
  async (app) => {
    const ministryLanguage = new MinistryLanguage(app.store);
    await ministryLanguage.refresh();
    app.decorate("ministryLanguage", ministryLanguage);
    const timer = setInterval(() => {
      ministryLanguage.refresh().catch((error: unknown) => {
        app.log.warn({ err: error }, "ministry language refresh failed");
      });
    }, MINISTRY_LANGUAGE_REFRESH_MS);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "ministry-language", dependencies: ["store"] },
);

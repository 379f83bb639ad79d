import type { FastifyInstance, FastifyRequest } from "fastify";
import { Code } from "../../common/codes.js";
import { askRefusal } from "../../common/ask-messages.js";
import {
  ASK_CONFIG_DEFAULTS,
  ASK_CONFIG_KEYS,
  ASK_CONFIG_TYPES,
  askConfigSchema,
  type AskConfig,
} from "../../common/schemas/ask-moderation.js";
import type { ConfigType } from "../../common/schemas/config.js";
import { nowIso } from "../db/dialect.js";
import type { Store } from "../db/store.js";
import { ApiError } from "../http/errors.js";
import { excerptOf } from "./ask/records.js";
import { matcherFor } from "./ask-banned-words.js";
import type { Settings } from "./settings.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

function decode(type: ConfigType, raw: string): unknown {
  if (type === "number") return Number(raw);
  if (type === "boolean") return raw === "true";
  if (type === "json") return JSON.parse(raw) as unknown;
  return raw;
}

/**
 * The community settings as this instance last read them (the settings reread the table
 * every 2 s, so a change applies everywhere within 5 s). A stored value that is not
 * valid (edited by hand in the configuration screen) falls back to its default alone.
 */
export function askConfigOf(settings: Settings): AskConfig {
  const config = { ...ASK_CONFIG_DEFAULTS } as Record<string, unknown>;
  for (const [field, key] of Object.entries(ASK_CONFIG_KEYS)) {
    const raw = settings.string(key, "");
    if (raw === "") continue;
    const name = field as keyof AskConfig;
    try {
      const value = decode(ASK_CONFIG_TYPES[name], raw);
      const parsed = askConfigSchema.shape[name].safeParse(value);
      if (parsed.success) config[name] = parsed.data;
    } catch {
      // An unreadable JSON value keeps the default.
    }
  }
  return config as AskConfig;
}

export type PostKind = "question" | "answer";

/**
 * Refuses an anonymous post (issue 24) when the settings turn anonymous posting off
 * (40300, reason `anonymousOff`) or the account is younger than
 * `anonymousMinAccountDays` (40300, reason `anonymousTooNew`, with `allowedAt`). The
 * post's other checks (mute, limits, banned words) run as for any post.
 */
export async function assertMayPostAnonymously(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  now = Date.now(),
): Promise<void> {
  const config = askConfigOf(app.settings);
  if (!config.anonymousPosting) {
    throw new ApiError(Code.FORBIDDEN, {
      message: askRefusal("anonymousOff", request.language),
      data: { reason: "anonymousOff" },
    });
  }
  const days = config.anonymousMinAccountDays;
  if (days === 0) return;
  const user = await app.store.db
    .selectFrom("users")
    .select("createdAt")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  const allowedAt = Date.parse(user.createdAt) + days * DAY_MS;
  if (now < allowedAt) {
    throw new ApiError(Code.FORBIDDEN, {
      message: askRefusal("anonymousTooNew", request.language, days),
      data: { reason: "anonymousTooNew", allowedAt: nowIso(allowedAt) },
    });
  }
}

/**
 * Everything a new post goes through before it is written: account age, the daily limit,
 * banned words (a block word refuses with 40000 and its position), then pre-moderation.
 * Answers whether the post is held for review, and why.
 */
export async function checkNewPost(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: PostKind,
  userId: number,
  fields: Record<string, string>,
  now = Date.now(),
): Promise<{ pendingReason: string | null }> {
  const config = askConfigOf(app.settings);
  const store = app.store;
  if (config.minAccountAgeHours > 0) {
    const user = await store.db
      .selectFrom("users")
      .select("createdAt")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow();
    const allowedAt =
      Date.parse(user.createdAt) + config.minAccountAgeHours * HOUR_MS;
    if (now < allowedAt) {
      throw new ApiError(Code.FORBIDDEN, {
        data: { reason: "accountTooNew", allowedAt: nowIso(allowedAt) },
      });
    }
  }
  const limit =
    kind === "question" ? config.dailyQuestions : config.dailyAnswers;
  if (limit > 0) {
    const posted = await postsSince(store, kind, userId, nowIso(now - DAY_MS));
    if (posted >= limit) {
      throw new ApiError(Code.TOO_MANY_REQUESTS, {
        data: { reason: "dailyLimit", limit },
      });
    }
  }
  const review = checkBannedWords(app, request, fields);
  if (review) return { pendingReason: review };
  if (config.preModeration === "all") return { pendingReason: "preModeration" };
  if (config.preModeration === "newMembers") {
    const earlier =
      (await postsSince(store, "question", userId, "")) +
      (await postsSince(store, "answer", userId, ""));
    if (earlier < config.preModerationPosts)
      return { pendingReason: "preModeration" };
  }
  return { pendingReason: null };
}

/**
 * Runs the banned words over a post's fields: a block word refuses (40000 with the field,
 * the word and its position); the first review word found is answered as the reason to
 * hold the post ("word:<word>"), or null.
 */
export function checkBannedWords(
  app: FastifyInstance,
  request: FastifyRequest,
  fields: Record<string, string>,
): string | null {
  const { bannedWords } = askConfigOf(app.settings);
  if (bannedWords.length === 0) return null;
  const matcher = matcherFor(bannedWords);
  let review: string | null = null;
  for (const [field, value] of Object.entries(fields)) {
    // The body is stored HTML: positions count the text a reader sees.
    const text = field === "body" ? excerptOf(value, Infinity) : value;
    const hits = matcher.find(text);
    const block = hits.find((hit) => hit.action === "block");
    if (block) {
      throw new ApiError(Code.VALIDATION, {
        data: {
          errors: { [field]: bannedWordMessage(request, block) },
          bannedWord: { field, word: block.word, position: block.position },
        },
      });
    }
    if (!review && hits[0]) review = `word:${hits[0].word}`.slice(0, 80);
  }
  return review;
}

function bannedWordMessage(
  request: FastifyRequest,
  hit: { word: string; position: number },
): string {
  return request.language === "en-US"
    ? `Contains the banned word "${hit.word}" at position ${hit.position + 1}`
    : `第 ${hit.position + 1} 个字处含有禁用词“${hit.word}”`;
}

async function postsSince(
  store: Store,
  kind: PostKind,
  userId: number,
  since: string,
): Promise<number> {
  const table = kind === "question" ? "askQuestions" : "askAnswers";
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("authorId", "=", userId)
    .where("createdAt", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Whether the community takes sign-ups now: the askConfig switch, unless the deployment
 * closed sign-up for good (COMMUNITY_SIGN_UP=closed wins).
 */
export function signUpOpen(app: FastifyInstance): boolean {
  return (
    app.config.community.signUpOpen && askConfigOf(app.settings).signUpOpen
  );
}

import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import {
  ASK_CONFIG_DESCRIPTIONS,
  ASK_CONFIG_KEYS,
  ASK_CONFIG_TYPES,
  askConfigSchema,
  encodeAskSetting,
  type AskConfig,
} from "../../../common/schemas/ask-moderation.js";
import { nowIso } from "../../db/dialect.js";
import type { Database } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { conflict } from "../../http/errors.js";
import { envelope } from "../../resources/resource-definition.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import { askConfigOf } from "../../services/ask-rules.js";
import { ASK_TAGS } from "./shared.js";

const KEYS = Object.values(ASK_CONFIG_KEYS);

/** The settings' version: the sum of their rows' versions, so any change moves it. */
async function configVersion(db: Kysely<Database>): Promise<number> {
  const rows = await db
    .selectFrom("configs")
    .select("version")
    .where("key", "in", KEYS)
    .execute();
  return rows.reduce((sum, row) => sum + row.version, 0);
}

const answerSchema = envelope(
  askConfigSchema.extend({ version: z.number().int() }),
);

/**
 * askConfig (issue 15): the community settings, stored as `ask.*` rows of the system
 * configuration. Every instance rereads the configuration every 2 s, so a change
 * applies everywhere within 5 s; the instance that saved it applies it at once.
 */
export const adminConfigRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/admin/config",
    {
      config: { permission: "askConfig:read" },
      schema: {
        tags: ASK_TAGS,
        summary: "The community settings (moderators)",
        response: { 200: answerSchema },
      },
    },
    async () => {
      await app.settings.refresh();
      return ok({
        ...askConfigOf(app.settings),
        version: await configVersion(app.store.db),
      });
    },
  );

  app.put(
    "/ask/admin/config",
    {
      config: { permission: "askConfig:update" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Change the community settings; needs the version read with them",
        body: askConfigSchema.extend({ version: z.number().int().min(0) }),
        response: { 200: answerSchema },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      // One word once: the same word twice would only make its action ambiguous.
      const seen = new Set<string>();
      const config: AskConfig = {
        ...input,
        bannedWords: input.bannedWords.filter((entry) => {
          const key = entry.word.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
      };
      await app.settings.refresh();
      const before = askConfigOf(app.settings);
      await app.store.transaction(async (trx) => {
        if ((await configVersion(trx)) !== version) throw conflict();
        const now = nowIso();
        for (const field of Object.keys(
          ASK_CONFIG_KEYS,
        ) as (keyof AskConfig)[]) {
          const key = ASK_CONFIG_KEYS[field];
          const value = encodeAskSetting(field, config[field]);
          const updated = await trx
            .updateTable("configs")
            .set((eb) => ({
              value,
              updatedAt: now,
              version: eb(eb.ref("version"), "+", 1),
            }))
            .where("key", "=", key)
            .where("value", "!=", value)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) > 0) continue;
          const exists = await trx
            .selectFrom("configs")
            .select("id")
            .where("key", "=", key)
            .executeTakeFirst();
          if (!exists) {
            await trx
              .insertInto("configs")
              .values({
                key,
                value,
                type: ASK_CONFIG_TYPES[field],
                description: ASK_CONFIG_DESCRIPTIONS[field],
                builtIn: 1,
                createdAt: now,
                updatedAt: now,
              })
              .execute();
          }
        }
        await recordAudit(trx, actorOf(request), {
          resource: "ask/admin/config",
          recordId: null,
          action: "update",
          before: { ...before },
          after: { ...config },
        });
      });
      await app.settings.refresh();
      return ok({
        ...askConfigOf(app.settings),
        version: await configVersion(app.store.db),
      });
    },
  );
};

import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { Code } from "../../../common/codes.js";
import {
  liveConfigInputSchema,
  liveConfigSchema,
  type LiveConfig,
} from "../../../common/schemas/live.js";
import { nowIso } from "../../db/dialect.js";
import type { Database } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { ApiError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { z } from "zod";
import { envelope, MAX_INT32 } from "../../resources/resource-definition.js";
import { withAudit } from "../../services/audit.js";
import { recordFileFields } from "../../services/file-usages.js";
import { requireChannel } from "./channels.js";

/** The live settings as stored; before the first save, the defaults at version 0. */
export async function readLiveConfig(
  db: Kysely<Database>,
): Promise<LiveConfig> {
  const row = await db
    .selectFrom("liveConfig")
    .selectAll()
    .where("id", "=", 1)
    .executeTakeFirst();
  if (!row)
    return {
      defaultChannelId: null,
      autoplay: false,
      offlineImageFileId: null,
      offlineTextZh: null,
      offlineTextEn: null,
      updatedAt: null,
      version: 0,
    };
  return {
    defaultChannelId: row.defaultChannelId,
    autoplay: row.autoplay === 1,
    offlineImageFileId: row.offlineImageFileId,
    offlineTextZh: row.offlineTextZh,
    offlineTextEn: row.offlineTextEn,
    updatedAt: row.updatedAt,
    version: row.version,
  };
}

/**
 * `GET`/`PUT /tjc/live-config` (issue 12 item 5): one versioned record. A PUT sends the
 * version it read (0 before the first save); a stale one is 40900.
 */
export const liveConfigRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/live-config",
    {
      config: { permission: "liveConfig:read" },
      schema: {
        tags: ["live-config"],
        summary: "The live settings",
        response: { 200: envelope(liveConfigSchema) },
      },
    },
    async () => ok(await readLiveConfig(app.store.db)),
  );

  app.put(
    "/live-config",
    {
      config: { permission: "liveConfig:update" },
      schema: {
        tags: ["live-config"],
        summary:
          "Save the live settings (send the version you read; a stale one gets 40900)",
        body: liveConfigInputSchema.extend({
          version: z.number().int().min(0).max(MAX_INT32),
        }),
        response: { 200: envelope(liveConfigSchema) },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      const language = request.language;
      const stale = () =>
        new ApiError(Code.CONFLICT, {
          data: {
            errors: { version: localizeText("stale version", language) },
          },
        });
      const saved = await withAudit(app.store, request, async (trx) => {
        const before = await readLiveConfig(trx);
        if (before.version !== version) throw stale();
        const channelId = input.defaultChannelId ?? null;
        if (channelId !== null)
          await requireChannel(trx, channelId, "defaultChannelId", language);
        const values = {
          defaultChannelId: channelId,
          autoplay: input.autoplay ? 1 : 0,
          offlineImageFileId: input.offlineImageFileId ?? null,
          offlineTextZh: input.offlineTextZh ?? null,
          offlineTextEn: input.offlineTextEn ?? null,
          updatedAt: nowIso(),
        };
        if (version === 0) {
          // Two first saves at once: the primary key lets one in.
          try {
            await trx
              .insertInto("liveConfig")
              .values({ id: 1, ...values, version: 1 })
              .execute();
          } catch {
            throw stale();
          }
        } else {
          const changed = await trx
            .updateTable("liveConfig")
            .set((eb) => ({ ...values, version: eb("version", "+", 1) }))
            .where("id", "=", 1)
            .where("version", "=", version)
            .executeTakeFirst();
          if (Number(changed.numUpdatedRows) === 0) throw stale();
        }
        await recordFileFields(
          trx,
          "live-config",
          1,
          {
            offlineImageFileId: {
              ids:
                values.offlineImageFileId === null
                  ? []
                  : [values.offlineImageFileId],
              kind: "image",
            },
          },
          language,
        );
        const after = await readLiveConfig(trx);
        return {
          result: after,
          audit: {
            resource: "live-config",
            recordId: 1,
            action: "update",
            before: before.version === 0 ? null : before,
            after,
          },
        };
      });
      return ok(saved);
    },
  );
};

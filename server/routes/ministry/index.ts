import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Kysely } from "kysely";
import { Code } from "../../../common/codes.js";
import {
  ministryConfigInputSchema,
  ministryConfigSchema,
  publicMinistrySchema,
  type MinistryConfig,
  type MinistryConfigValues,
} from "../../../common/schemas/ministry.js";
import { nowIso } from "../../db/dialect.js";
import type { Database } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { ApiError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { envelope, versionField } from "../../resources/resource-definition.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import { recordFileFields } from "../../services/file-usages.js";
import { sanitizeStoredHtml } from "../../services/html-sanitizer.js";

/** The one row's id; the migration creates it. */
const ROW_ID = 1;
const RESOURCE = "ministry-config";

/** What a ministry that saved nothing yet reads. */
const DEFAULTS: MinistryConfigValues = {
  identity: { name: "", nameEn: "", logoFileId: null, shortDescription: "" },
  contact: {
    address: "",
    regionCode: null,
    phone: "",
    email: null,
    website: null,
    socialLinks: [],
  },
  services: [],
  aboutHtml: "",
  defaultLanguage: "zh-CN",
};

/** The stored record, each section over its defaults (a later field added stays filled). */
async function readConfig(db: Kysely<Database>): Promise<MinistryConfig> {
  const row = await db
    .selectFrom("ministryConfig")
    .selectAll()
    .where("id", "=", ROW_ID)
    .executeTakeFirstOrThrow();
  const stored = JSON.parse(row.data) as Partial<MinistryConfigValues>;
  return {
    ...DEFAULTS,
    ...stored,
    identity: { ...DEFAULTS.identity, ...stored.identity },
    contact: { ...DEFAULTS.contact, ...stored.contact },
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    version: row.version,
  };
}

export const ministryRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const tags = [RESOURCE];

  app.get(
    "/ministry-config",
    {
      config: { permission: "ministryConfig:read" },
      schema: {
        tags,
        summary: "The ministry configuration (one versioned record)",
        response: { 200: envelope(ministryConfigSchema) },
      },
    },
    async () => ok(await readConfig(app.store.db)),
  );

  app.put(
    "/ministry-config",
    {
      config: { permission: "ministryConfig:update" },
      schema: {
        tags,
        summary:
          "Replace the ministry configuration (send the version you read; a stale one gets 40900)",
        body: ministryConfigInputSchema.extend(versionField.shape),
        response: { 200: envelope(ministryConfigSchema) },
      },
    },
    async (request) => {
      const { version, ...input } = request.body;
      const values: MinistryConfigValues = {
        ...input,
        aboutHtml: sanitizeStoredHtml(input.aboutHtml),
      };
      const saved = await app.store.transaction(async (trx) => {
        const before = await readConfig(trx);
        const result = await trx
          .updateTable("ministryConfig")
          .set({
            data: JSON.stringify(values),
            updatedBy: request.session?.user.userId ?? null,
            updatedAt: nowIso(),
            version: sql`version + 1`,
          })
          .where("id", "=", ROW_ID)
          .where("version", "=", version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0)
          throw new ApiError(Code.CONFLICT, {
            data: {
              errors: {
                version: localizeText("stale version", request.language),
              },
            },
          });
        await recordFileFields(
          trx,
          RESOURCE,
          ROW_ID,
          {
            "identity.logoFileId": {
              ids: values.identity.logoFileId
                ? [values.identity.logoFileId]
                : [],
              kind: "image",
            },
          },
          request.language,
        );
        const after = await readConfig(trx);
        await recordAudit(trx, actorOf(request), {
          resource: RESOURCE,
          recordId: ROW_ID,
          action: "update",
          before,
          after,
        });
        return after;
      });
      // This instance's pages and admin script follow at once; others within seconds.
      app.ministryLanguage.set(
        saved.defaultLanguage,
        saved.version,
        saved.updatedAt,
      );
      return ok(saved);
    },
  );

  app.get(
    "/public/ministry",
    {
      config: { permission: "public" },
      schema: {
        tags,
        summary:
          "The ministry's public part: identity, contact, services, about",
        response: { 200: envelope(publicMinistrySchema) },
      },
    },
    async (_request, reply) => {
      const config = await readConfig(app.store.db);
      const logo = config.identity.logoFileId
        ? await app.store.db
            .selectFrom("files")
            .select("storageKey")
            .where("id", "=", config.identity.logoFileId)
            .executeTakeFirst()
        : undefined;
      reply.header("Cache-Control", "public, max-age=60");
      return ok({
        identity: {
          name: config.identity.name,
          nameEn: config.identity.nameEn,
          logoUrl: logo ? `/files/${logo.storageKey}` : null,
          shortDescription: config.identity.shortDescription,
        },
        contact: config.contact,
        services: config.services,
        aboutHtml: config.aboutHtml,
        defaultLanguage: config.defaultLanguage,
        updatedAt: config.updatedAt,
      });
    },
  );
};

export default ministryRoutes;

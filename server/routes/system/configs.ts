import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Selectable, type SqlBool } from "kysely";
import { z } from "zod";
import { CONFIG_FIELD_LABELS } from "../../../common/schemas/system-labels.js";
import {
  configDescription,
  SYSTEM_ERRORS,
} from "../../../common/system-messages.js";
import {
  CONFIG_SORT_FIELDS,
  CONFIG_TYPES,
  configInputSchema,
  configSchema,
  configValueProblem,
  siteSchema,
  type Config,
} from "../../../common/schemas/config.js";
import type { ConfigsTable } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { defineResource } from "../../resources/define-resource.js";
import { equals } from "../../resources/filters.js";
import { envelope } from "../../resources/resource-definition.js";
import { conflictOn } from "../../services/user-admin.js";
import { columnValues } from "../../resources/column-values.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type ConfigRow = Selectable<ConfigsTable>;

/**
 * `/tjc/system/configs`: settings the server reads (cached, reread every 2 s on every
 * instance), and `GET /tjc/system/site`, the site's names for both apps' headers.
 */
export const configRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  defineResource(app, {
    path: "system/configs",
    table: "configs",
    module: "config",
    recordSchema: configSchema,
    createSchema: configInputSchema,
    updateSchema: configInputSchema,
    sortable: CONFIG_SORT_FIELDS,
    defaultSort: ["key", "ASC"],
    filters: {
      type: equals("type", z.enum(CONFIG_TYPES)),
      keyPrefix: {
        schema: z.string().max(128),
        where: (value: string) =>
          // A prefix range, not LIKE: no escaping, and it walks the unique index.
          sqlPrefix(value),
      },
    },
    uniqueFields: ["key"],
    toRecord: (row: ConfigRow): Config => ({
      id: row.id,
      key: row.key,
      value: row.value,
      type: row.type as Config["type"],
      description: row.description,
      builtIn: row.builtIn === 1,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      version: row.version,
    }),
    toValues: columnValues(configInputSchema),
    // A built-in setting's description reads in the reader's language.
    present: (records, request) =>
      records.map((config) => ({
        ...config,
        description: configDescription(config, request.language),
      })),
    async beforeWrite(change, { request }) {
      const language = request.language;
      const before = change.before;
      if (change.action === "delete") {
        if (before?.builtIn)
          throw conflictOn("id", SYSTEM_ERRORS.builtInConfig, language);
        return;
      }
      const input = change.input ?? {};
      if (before?.builtIn) {
        for (const field of ["key", "type"] as const) {
          if (input[field] !== undefined && input[field] !== before[field])
            throw conflictOn(field, SYSTEM_ERRORS.builtInConfig, language);
        }
      }
      const type = (input.type ?? before?.type) as string;
      const value = (input.value ?? before?.value) as string;
      const problem = configValueProblem(type, value);
      if (problem)
        throw validationError({ value: localizeText(problem, language) });
    },
    async afterCommit() {
      // This instance sees the change at once; the others at their next reread (≤ 2 s).
      await app.settings.refresh();
    },
    fieldLabels: CONFIG_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "key" },
      { key: "value" },
      { key: "type", values: choiceLabels("configType") },
      { key: "description" },
      { key: "builtIn", values: choiceLabels("yesNo") },
      { key: "updatedAt", time: true },
    ],
  });

  app.get(
    "/system/site",
    {
      config: { permission: "public" },
      schema: {
        tags: ["system/configs"],
        summary:
          "The site's names (site.name, site.nameEn) for the apps' headers",
        response: { 200: envelope(siteSchema) },
      },
    },
    async () =>
      ok({
        name: app.settings.string("site.name", "灯台"),
        nameEn: app.settings.string("site.nameEn", "Lampstand"),
      }),
  );
};

/** Keys that start with `prefix`: `key >= prefix and key < prefix + U+FFFF`. */
function sqlPrefix(prefix: string) {
  return sql<SqlBool>`configs.key >= ${prefix} and configs.key < ${`${prefix}\uffff`}`;
}

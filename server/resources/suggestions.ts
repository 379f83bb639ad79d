import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../http/envelope.js";
import { envelope } from "./resource-definition.js";

export const SUGGESTION_LIMIT = 20;

/**
 * `GET /<path>/suggestions?field=<field>&q=<text>`: the values already used in one of a
 * resource's free-text columns that contain `q` (case-insensitively), most used first, so
 * a form can offer "张弟兄" instead of a new spelling. Needs `<module>:read`.
 */
export function registerSuggestions(
  parent: FastifyInstance,
  options: {
    path: string;
    table: string;
    module: string;
    /** Field name → snake_case column. */
    fields: Record<string, string>;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const names = Object.keys(options.fields) as [string, ...string[]];
  app.get(
    `/${options.path}/suggestions`,
    {
      config: { permission: `${options.module}:read` },
      schema: {
        tags: [options.path],
        summary: `Values already used in a text field of ${options.path}, most used first`,
        querystring: z.object({
          field: z.enum(names),
          q: z.string().trim().max(100).optional(),
        }),
        response: { 200: envelope(z.object({ list: z.array(z.string()) })) },
      },
    },
    async (request) => {
      const { field, q } = request.query;
      const column = sql.ref(`${options.table}.${options.fields[field]!}`);
      const pattern = q
        ? `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : null;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const db = app.store.db as unknown as Kysely<any>;
      const rows = await db
        .selectFrom(options.table)
        .select([sql<string>`${column}`.as("value")])
        .where(column, "is not", null)
        .where(column, "!=", "")
        .$if(pattern !== null, (query) =>
          query.where(
            sql<boolean>`lower(${column}) like ${pattern} escape '\\'`,
          ),
        )
        .groupBy(column)
        .orderBy(sql`count(*)`, "desc")
        .orderBy(column)
        .limit(SUGGESTION_LIMIT)
        .execute();
      return ok({ list: rows.map((row) => String(row.value)) });
    },
  );
}

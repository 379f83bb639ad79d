import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { VerseRange } from "../../../common/passages.js";
import {
  formatRange,
  MAX_REFERENCE_LENGTH,
  osisOfRange,
} from "../../../common/passages.js";
import { ok } from "../../http/envelope.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import { envelope } from "../../resources/resource-definition.js";
import { parseReference } from "../../services/passage-parser.js";
import { rowsOnPassage } from "../../services/passage-sources.js";

/** Rows listed per source at most. */
const PER_SOURCE = 50;
/** References one /passages/ranges call may ask about (a list page holds at most 100 rows). */
const MAX_REFS = 100;

/**
 * `GET /tjc/passages?ref=约翰福音3:16`: everything public that touches the passage, of
 * every type, with its title and link (issue 16, docs/search.md).
 */
export const passageRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/passages",
    {
      config: { permission: "public" },
      schema: {
        tags: ["passages"],
        summary:
          "Published sermons, articles, gospel documents, questions and answers touching a scripture passage",
        querystring: z.object({
          ref: z
            .string()
            .trim()
            .min(1)
            .max(MAX_REFERENCE_LENGTH)
            .describe(
              "A reference in Chinese or English: 约翰福音3:16, John 3:16",
            ),
          exclude: z
            .string()
            .regex(/^[a-z]+:\d{1,10}$/)
            .optional()
            .describe("A row to leave out, type:id (the page asking)"),
        }),
        response: {
          200: envelope(
            z.object({
              ranges: z.array(
                z.object({ osis: z.string(), zh: z.string(), en: z.string() }),
              ),
              list: z.array(
                z.object({
                  type: z.string(),
                  id: z.number(),
                  title: z.string(),
                  link: z.string(),
                  overlaps: z.number(),
                }),
              ),
              total: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const ranges = parseReference(request.query.ref);
      if (ranges.length === 0)
        throw validationError({
          ref: localizeText("not a scripture reference", request.language),
        });
      const list = (
        await rowsOnPassage(app.store.db, app.store.kind, ranges, PER_SOURCE)
      ).filter((hit) => `${hit.type}:${hit.id}` !== request.query.exclude);
      return ok({
        ranges: ranges.map((range) => ({
          osis: osisOfRange(range),
          zh: formatRange(range, "zh-CN"),
          en: formatRange(range, "en-US"),
        })),
        list,
        total: list.length,
      });
    },
  );

  // The verse ranges of references as written (a sermon's `passage` field), so the admin
  // shows each in the reader's language with common/passages.ts's formatRange, and links
  // it to the list filtered by it. A reference that names no passage answers [].
  app.get(
    "/passages/ranges",
    {
      config: { permission: "public" },
      schema: {
        tags: ["passages"],
        summary: "The verse ranges of references as written",
        querystring: z.object({
          ref: z
            .union([
              z.string().max(MAX_REFERENCE_LENGTH),
              z.array(z.string().max(MAX_REFERENCE_LENGTH)),
            ])
            .transform((value) => (Array.isArray(value) ? value : [value]))
            .pipe(z.array(z.string()).min(1).max(MAX_REFS))
            .describe("One reference per ref parameter, up to 100"),
        }),
        response: {
          200: envelope(
            z.record(
              z.string(),
              z.array(z.object({ start: z.number(), end: z.number() })),
            ),
          ),
        },
      },
    },
    async (request) => {
      const answer: Record<string, VerseRange[]> = {};
      for (const reference of request.query.ref)
        answer[reference] = parseReference(reference.trim());
      return ok(answer);
    },
  );
};

export default passageRoutes;

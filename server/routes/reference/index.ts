/**
 * Reference data for visitors and every form: the Chinese region list and the country
 * list (spec.md section 3). Public, answered from memory, cacheable: each answer carries
 * an ETag (304 on a matching If-None-Match) and Cache-Control.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ListData } from "../../../common/codes.js";
import {
  createRegionCodeSchema,
  REGION_LEVELS,
  type Region,
} from "../../../common/regions.js";
import { ok } from "../../http/envelope.js";
import { loadReferenceData } from "./reference-data.js";

/** The lists change only with a release; an hour of caching, then a cheap 304. */
export const REFERENCE_CACHE_CONTROL = "public, max-age=3600";

/** The query, validated against the loaded list: an unknown code is a field error (40000). */
function regionsQuery(knownRegionCode: z.ZodType<string>) {
  return z.object({
    parentCode: knownRegionCode
      .optional()
      .describe(
        "Six-digit code of a known region: answer only its direct children",
      ),
    level: z
      .enum(REGION_LEVELS)
      .optional()
      .describe('"1" provinces, "2" cities, "3" districts'),
  });
}

/** Whether If-None-Match names this tag (weak comparison, lists and "*" allowed). */
export function etagMatches(
  ifNoneMatch: string | undefined,
  etag: string,
): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch
    .split(",")
    .some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

/**
 * Sets the caching headers and answers 304 when the client already holds this answer.
 * The envelope's message follows Accept-Language, so the tag does too.
 */
function notModified(
  request: FastifyRequest,
  reply: FastifyReply,
  tag: string,
): boolean {
  const etag = `W/"${tag}-${request.language}"`;
  reply.header("ETag", etag);
  reply.header("Cache-Control", REFERENCE_CACHE_CONTROL);
  reply.header("Vary", "Accept-Language");
  if (!etagMatches(request.headers["if-none-match"], etag)) return false;
  reply.code(304);
  return true;
}

export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = loadReferenceData();
  const knownRegionCode = createRegionCodeSchema(data.regions);
  const allRegions: ListData<Region> = {
    list: [...data.regions.all],
    total: data.regions.all.length,
  };
  const allCountries = {
    list: [...data.countries],
    total: data.countries.length,
  };

  app.get(
    "/regions",
    {
      config: { permission: "public" },
      schema: {
        summary:
          "Chinese regions: the whole flat list ordered by code, or one region's children",
        tags: ["reference"],
        querystring: regionsQuery(knownRegionCode),
      },
    },
    async (request, reply) => {
      const { parentCode, level } = request.query;
      let answer = allRegions;
      if (parentCode !== undefined) {
        const children = data.regions.children(parentCode);
        answer = { list: [...children], total: children.length };
      }
      if (level !== undefined) {
        const list = answer.list.filter(
          (region) => region.regionLevel === level,
        );
        answer = { list, total: list.length };
      }
      const tag = `regions-${data.regionsVersion}-${parentCode ?? "all"}-${level ?? "any"}`;
      if (notModified(request, reply, tag)) return reply.send();
      return ok(answer);
    },
  );

  app.get(
    "/countries",
    {
      config: { permission: "public" },
      schema: {
        summary:
          "Countries and regions of the world, with Chinese and English names",
        tags: ["reference"],
      },
    },
    async (request, reply) => {
      if (notModified(request, reply, `countries-${data.countriesVersion}`))
        return reply.send();
      return ok(allCountries);
    },
  );
};

export default referenceRoutes;

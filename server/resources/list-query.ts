import { z } from "zod";
import { MAX_PAGE_SIZE } from "../../common/constants.js";
import { validationError } from "../http/errors.js";
import { localizeIssue, localizeText } from "../http/validation-messages.js";
import type { Language } from "../../common/codes.js";
import { findNulCharacter } from "../http/nul-check.js";

/** The raw list parameters of ra-data-simple-rest, each a JSON string. */
export const listQuerySchema = z.object({
  sort: z.string().max(200).optional().describe('JSON: ["field","ASC"|"DESC"]'),
  range: z
    .string()
    .max(100)
    .optional()
    .describe("JSON: [start, end], inclusive, at most 100 rows"),
  filter: z
    .string()
    .max(10_000)
    .optional()
    .describe('JSON object, e.g. {"q":"word"}'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface ParsedListQuery<F> {
  sort: { field: string; order: "asc" | "desc" };
  offset: number;
  limit: number;
  filter: F;
}

const sortSchema = z.tuple([
  z.string(),
  z.enum(["ASC", "DESC", "asc", "desc"]),
]);
const rangeSchema = z.tuple([
  z.number().int().min(0).max(1e9),
  z.number().int().min(0).max(1e9),
]);

function parseJson(text: string, field: string, language: Language): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw validationError({
      [field]: localizeText("not valid JSON", language),
    });
  }
}

export function parseSort(
  text: string | undefined,
  sortable: readonly string[],
  fallback: [string, "ASC" | "DESC"],
  language: Language,
): ParsedListQuery<unknown>["sort"] {
  const value =
    text === undefined ? fallback : parseJson(text, "sort", language);
  const parsed = sortSchema.safeParse(value);
  if (!parsed.success)
    throw validationError({ sort: localizeText("invalid sort", language) });
  const [field, order] = parsed.data;
  if (!sortable.includes(field)) {
    throw validationError({ sort: localizeText("unknown field", language) });
  }
  return { field, order: order.toLowerCase() as "asc" | "desc" };
}

export function parseRange(
  text: string | undefined,
  language: Language,
): { offset: number; limit: number } {
  if (text === undefined) return { offset: 0, limit: MAX_PAGE_SIZE };
  const value = parseJson(text, "range", language);
  const parsed = rangeSchema.safeParse(value);
  if (!parsed.success || parsed.data[1] < parsed.data[0]) {
    throw validationError({ range: localizeText("invalid range", language) });
  }
  const [start, end] = parsed.data;
  if (end - start + 1 > MAX_PAGE_SIZE) {
    throw validationError({ range: localizeText("range too large", language) });
  }
  return { offset: start, limit: end - start + 1 };
}

/** Validates the filter object against the resource's allowlisted filter fields. */
export function parseFilter<F>(
  text: string | undefined,
  schema: z.ZodType<F>,
  language: Language,
): F {
  const value =
    text === undefined || text === ""
      ? {}
      : parseJson(text, "filter", language);
  const nulAt = findNulCharacter(value);
  if (nulAt) {
    throw validationError({
      [["filter", ...nulAt].join(".")]: localizeText(
        "contains a NUL character",
        language,
      ),
    });
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        errors[`filter.${key}`] = localizeText("unknown field", language);
      }
      continue;
    }
    const key = ["filter", ...issue.path.map(String)].join(".");
    errors[key] ??= localizeIssue(issue as never, language);
  }
  throw validationError(errors);
}

type SortFallback = [string, "ASC" | "DESC"];

/** How a list reads its query: see parseListQuery. */
export interface ListQuerySpec<F> {
  filter: z.ZodType<F>;
  sortable: readonly string[];
  fallback: SortFallback | ((filter: F) => SortFallback);
  range?: string;
}

/**
 * A list query as react-admin sends it (`filter`, `sort`, `range`, each JSON), read in the
 * caller's language: the filter against `filter`, then the sort among `sortable` (else
 * `fallback`, which may depend on the filter), then the range (else `range`, else the
 * largest first page). Every list route reads its query through here.
 */
export function parseListQuery<F>(
  query: { filter?: string; sort?: string; range?: string },
  language: Language,
  spec: ListQuerySpec<F>,
): ParsedListQuery<F> {
  const filter = parseFilter(query.filter, spec.filter, language);
  const fallback =
    typeof spec.fallback === "function" ? spec.fallback(filter) : spec.fallback;
  return {
    filter,
    sort: parseSort(query.sort, spec.sortable, fallback, language),
    ...parseRange(query.range ?? spec.range, language),
  };
}

import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { issueFields } from "../../common/zod-issues.js";
import { findNulCharacter } from "./nul-check.js";

/**
 * Validates with the route's zod schema and keeps each raw issue, so the envelope
 * plugin can word every field problem in the caller's language.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const nulAt = findNulCharacter(data);
    if (nulAt) {
      const issue = {
        code: "custom",
        path: nulAt,
        message: "contains a NUL character",
        input: undefined,
      };
      return {
        error: [
          {
            keyword: "custom",
            instancePath: `/${nulAt.map(String).join("/")}`,
            schemaPath: "",
            message: issue.message,
            params: { issue },
          },
        ],
      } as unknown as { error: Error };
    }
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: problemsOf(result.error.issues) } as unknown as {
      error: Error;
    };
  };

/**
 * Field problems listed in one answer. A body of 10,000 unknown keys made 10,000
 * problems, each carrying zod's message naming all 10,000 keys: Fastify's formatter
 * joined them into a string too long to build (a 500 after 0.4–0.8 s of CPU). The first
 * ones say what is wrong; the rest would only cost (issue 25 item 6).
 */
export const MAX_LISTED_PROBLEMS = 20;

function problemsOf(issues: readonly z.core.$ZodIssue[]) {
  const problems = [];
  for (const issue of issues) {
    for (const field of issueFields(issue)) {
      if (problems.length >= MAX_LISTED_PROBLEMS) return problems;
      // An unknown key is one problem of its own: its message names that key only.
      const own: z.core.$ZodIssue =
        issue.code === "unrecognized_keys"
          ? {
              ...issue,
              keys: [field.split(".").at(-1)!],
              message: "Unrecognized key",
            }
          : issue;
      problems.push({
        keyword: issue.code,
        instancePath: `/${field.replaceAll(".", "/")}`,
        schemaPath: "",
        message: own.message,
        params: { issue: withoutInput(own) },
      });
    }
  }
  return problems;
}

/**
 * The wording needs only to know whether a field was empty; the value itself (maybe a
 * password) must not travel on in the error, where a log could pick it up.
 */
function withoutInput(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  const { input } = issue as { input?: unknown };
  const empty =
    input === undefined ||
    input === null ||
    (typeof input === "string" && input.trim() === "");
  return { ...issue, input: empty ? input : true } as z.core.$ZodIssue;
}

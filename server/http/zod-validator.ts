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
    return {
      error: result.error.issues.flatMap((issue) =>
        issueFields(issue).map((field) => ({
          keyword: issue.code,
          instancePath: `/${field.replaceAll(".", "/")}`,
          schemaPath: "",
          message: issue.message,
          params: { issue: withoutInput(issue) },
        })),
      ),
    } as unknown as { error: Error };
  };

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

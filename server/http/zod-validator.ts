import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
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
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.map(String).join("/")}`,
        schemaPath: "",
        message: issue.message,
        params: { issue },
      })),
    } as unknown as { error: Error };
  };

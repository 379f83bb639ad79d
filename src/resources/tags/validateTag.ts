import { tagInputSchema } from "../../../common/schemas/tag";
import { BIDI_CONTROL_ISSUE } from "../../../common/schemas/text";

type FieldError = { message: string; args?: Record<string, unknown> };

/**
 * Client-side check of a tag form with the same zod schema the server enforces. It
 * returns translation keys (react-admin translates them), never sentences.
 */
export function validateTag(
  values: Record<string, unknown>,
): Record<string, FieldError> {
  const input = {
    name: typeof values.name === "string" ? values.name : "",
    nameEn: values.nameEn ?? null,
    sortOrder:
      values.sortOrder === "" || values.sortOrder == null
        ? undefined
        : values.sortOrder,
  };
  const result = tagInputSchema.safeParse(input);
  const errors: Record<string, FieldError> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!field || errors[field]) continue;
    if (issue.message === BIDI_CONTROL_ISSUE) {
      errors[field] = { message: BIDI_CONTROL_ISSUE };
    } else if (issue.code === "too_small" && issue.origin === "string") {
      errors[field] = { message: "ra.validation.required" };
    } else if (issue.code === "too_big" && issue.origin === "string") {
      errors[field] = {
        message: "ra.validation.maxLength",
        args: { max: Number(issue.maximum) },
      };
    } else if (issue.code === "too_small") {
      errors[field] = {
        message: "ra.validation.minValue",
        args: { min: Number(issue.minimum) },
      };
    } else if (issue.code === "too_big") {
      errors[field] = {
        message: "ra.validation.maxValue",
        args: { max: Number(issue.maximum) },
      };
    } else {
      errors[field] = { message: "ra.validation.number" };
    }
  }
  return errors;
}

import type { z } from "zod";
import { describeIssue, issueFields } from "../../common/zod-issues";

/** react-admin's error shape: a translation key and its arguments, both always present. */
export interface FieldError {
  message: string;
  args: Record<string, string | number>;
}
type FormErrors = { [field: string]: FieldError | FormErrors };

/** An error on "tagIds.2" belongs to the tagIds input: no input exists per array item. */
function inputPath(field: string): string[] {
  const parts = field.split(".").filter(Boolean);
  const item = parts.findIndex((part) => /^\d+$/.test(part));
  return item === -1 ? parts : parts.slice(0, item);
}

function place(errors: FormErrors, path: string[], error: FieldError): void {
  let node = errors;
  for (const part of path.slice(0, -1)) {
    const next = node[part];
    if (next && "message" in next) return; // the parent already has its error
    node = (node[part] ??= {}) as FormErrors;
  }
  node[path[path.length - 1]!] ??= error;
}

/**
 * The form-level `validate` of react-admin, from the `common/` zod schema the server
 * enforces. Every issue becomes a translation key with its arguments (common/zod-issues),
 * so the form shows the same sentence the server would answer. Used by every form.
 */
export function validateWithSchema(schema: z.ZodType) {
  return (values: Record<string, unknown>): FormErrors => {
    const result = schema.safeParse(values, { reportInput: true });
    const errors: FormErrors = {};
    if (result.success) return errors;
    for (const issue of result.error.issues) {
      const { key, args } = describeIssue(issue);
      for (const field of issueFields(issue)) {
        const path = inputPath(field);
        if (path.length > 0) place(errors, path, { message: key, args });
      }
    }
    return errors;
  };
}

/** A field is required when the schema refuses it missing: its input then shows a `*`. */
export function isRequiredField(schema: z.ZodObject, field: string): boolean {
  const fieldSchema = schema.shape[field] as z.ZodType | undefined;
  return fieldSchema ? !fieldSchema.safeParse(undefined).success : false;
}

/**
 * What a form needs from its schema: `validate` for the form and `required(field)` for
 * each input's `isRequired`, so the asterisk and the check can never disagree.
 */
export function schemaForm(schema: z.ZodObject) {
  return {
    validate: validateWithSchema(schema),
    required: (field: string) => isRequiredField(schema, field),
  };
}

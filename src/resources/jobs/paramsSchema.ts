import { VALIDATION_KEYS as K } from "../../../common/validation-wording";

/** One input of a handler's params form, read from its JSON Schema. */
export interface ParamField {
  name: string;
  kind: "integer" | "number" | "boolean" | "string";
  required: boolean;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default?: unknown;
}

export interface ParamError {
  message: string;
  args: Record<string, string | number>;
}

type Schema = {
  type?: unknown;
  properties?: Record<string, Record<string, unknown>>;
  required?: unknown;
};

/**
 * The fields of a flat params schema (an object of numbers, booleans and strings), which
 * the form shows as inputs; null for anything else, which the form edits as JSON.
 */
export function paramFields(schema: unknown): ParamField[] | null {
  const object = schema as Schema | null;
  if (!object || object.type !== "object") return null;
  const required = Array.isArray(object.required)
    ? (object.required as string[])
    : [];
  const fields: ParamField[] = [];
  for (const [name, property] of Object.entries(object.properties ?? {})) {
    const kind = property.type;
    if (
      kind !== "integer" &&
      kind !== "number" &&
      kind !== "boolean" &&
      kind !== "string"
    ) {
      return null;
    }
    fields.push({
      name,
      kind,
      // A property with a default may be left out (zod's input schema still lists it).
      required: required.includes(name) && property.default === undefined,
      minimum:
        typeof property.minimum === "number" ? property.minimum : undefined,
      maximum:
        typeof property.maximum === "number" ? property.maximum : undefined,
      maxLength:
        typeof property.maxLength === "number" ? property.maxLength : undefined,
      default: property.default,
    });
  }
  return fields;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/** The params form's errors, worded with the shared validation keys. */
export function validateParams(
  fields: ParamField[],
  values: Record<string, unknown> | null | undefined,
): Record<string, ParamError> {
  const errors: Record<string, ParamError> = {};
  for (const field of fields) {
    const value = values?.[field.name];
    if (isEmpty(value)) {
      if (field.required)
        errors[field.name] = { message: K.required, args: {} };
      continue;
    }
    if (field.kind === "integer" || field.kind === "number") {
      if (typeof value !== "number" || !Number.isFinite(value)) {
        errors[field.name] = { message: K.number, args: {} };
      } else if (field.kind === "integer" && !Number.isInteger(value)) {
        errors[field.name] = { message: K.integer, args: {} };
      } else if (field.minimum !== undefined && value < field.minimum) {
        errors[field.name] = {
          message: K.minValue,
          args: { min: field.minimum },
        };
      } else if (field.maximum !== undefined && value > field.maximum) {
        errors[field.name] = {
          message: K.maxValue,
          args: { max: field.maximum },
        };
      }
    } else if (field.kind === "string") {
      if (typeof value !== "string") {
        errors[field.name] = { message: K.text, args: {} };
      } else if (
        field.maxLength !== undefined &&
        value.length > field.maxLength
      ) {
        errors[field.name] = {
          message: K.tooLong,
          args: { max: field.maxLength },
        };
      }
    }
  }
  return errors;
}

/** What is saved: emptied inputs are left out, so the handler's defaults apply. */
export function cleanParams(
  params: unknown,
): Record<string, unknown> | unknown {
  if (!params || typeof params !== "object" || Array.isArray(params)) {
    return params;
  }
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>).filter(
      ([, value]) => !isEmpty(value),
    ),
  );
}

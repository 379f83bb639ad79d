/**
 * Turns a zod issue into a wording (a translation key and its arguments), for every issue
 * kind zod 4 reports. The server and the admin forms both go through here, so neither ever
 * shows zod's own English or its machine-translated Chinese to a person.
 */
import type { z } from "zod";
import {
  VALIDATION_KEYS as K,
  type FieldWording,
} from "./validation-wording.js";

type Issue = z.core.$ZodIssue | z.core.$ZodRawIssue;

/** A schema's own message is a translation key: dotted, no spaces (zod's never are). */
const TRANSLATION_KEY = /^[a-z][\w-]*(\.[\w-]+)+$/;

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "")
  );
}

function sizeWording(
  issue: { origin?: string; inclusive?: boolean },
  bound: number,
  small: boolean,
): FieldWording {
  switch (issue.origin) {
    case "string":
      if (small && bound <= 1) return { key: K.required, args: {} };
      return small
        ? { key: K.tooShort, args: { min: bound } }
        : { key: K.tooLong, args: { max: bound } };
    case "array":
    case "set":
      return small
        ? { key: K.tooFewItems, args: { min: bound } }
        : { key: K.tooManyItems, args: { max: bound } };
    default:
      if (small)
        return issue.inclusive === false
          ? { key: K.moreThan, args: { min: bound } }
          : { key: K.minValue, args: { min: bound } };
      return issue.inclusive === false
        ? { key: K.lessThan, args: { max: bound } }
        : { key: K.maxValue, args: { max: bound } };
  }
}

const TYPE_KEYS: Record<string, string> = {
  number: K.number,
  int: K.integer,
  bigint: K.integer,
  string: K.text,
  boolean: K.boolean,
  array: K.list,
  date: K.date,
};

const FORMAT_KEYS: Record<string, string> = {
  email: K.email,
  url: K.url,
  date: K.date,
  datetime: K.datetime,
};

/**
 * The wording of one issue. Parse with `reportInput: true` so the issue carries the value
 * at its path: an empty value (missing, null, blank) reads as "required".
 */
export function describeIssue(issue: Issue): FieldWording {
  if (typeof issue.message === "string" && TRANSLATION_KEY.test(issue.message))
    return { key: issue.message, args: {} };
  const input = (issue as { input?: unknown }).input;
  // Without `reportInput` the value is unknown; zod's own message still says what came.
  const empty =
    "input" in issue
      ? isEmpty(input)
      : / received (undefined|null)$/.test(String(issue.message));
  switch (issue.code) {
    case "invalid_type":
      if (empty) return { key: K.required, args: {} };
      return { key: TYPE_KEYS[issue.expected] ?? K.invalid, args: {} };
    case "too_small":
      if (issue.origin === "string" && empty)
        return { key: K.required, args: {} };
      return sizeWording(issue, Number(issue.minimum), true);
    case "too_big":
      return sizeWording(issue, Number(issue.maximum), false);
    case "invalid_format":
      return { key: FORMAT_KEYS[issue.format] ?? K.format, args: {} };
    case "not_multiple_of":
      return { key: K.multipleOf, args: { divisor: Number(issue.divisor) } };
    case "invalid_value":
      return {
        key: K.oneOf,
        args: { options: issue.values.map(String).join(", ") },
      };
    case "unrecognized_keys":
      return { key: K.unknownField, args: {} };
    default:
      // invalid_union, invalid_key, invalid_element and custom checks without a key.
      return { key: K.invalid, args: {} };
  }
}

/**
 * Where an issue belongs in a form: unrecognized keys name the keys themselves, every
 * other issue its path. Answers dotted paths ("address.city").
 */
export function issueFields(issue: Issue): string[] {
  const base = (issue.path ?? []).map(String);
  if (issue.code === "unrecognized_keys")
    return issue.keys.map((key) => [...base, key].join("."));
  return [base.join(".")];
}

import { describe, expect, test } from "vitest";
import { z } from "zod";
import {
  VALIDATION_KEYS as K,
  VALIDATION_MESSAGES,
  interpolate,
  wordValidation,
} from "./validation-wording";
import { describeIssue, issueFields } from "./zod-issues";

/** Parses like the server and the forms do, and words the first issue. */
function wordingOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error("expected an issue");
  return describeIssue(result.error.issues[0]!);
}

describe("every zod issue kind gets a wording of ours", () => {
  const cases: [string, z.ZodType, unknown, string, Record<string, unknown>][] =
    [
      ["missing value", z.string(), undefined, K.required, {}],
      ["null value", z.number(), null, K.required, {}],
      ["blank text", z.string().trim().min(1), "   ", K.required, {}],
      ["empty text", z.string().min(1), "", K.required, {}],
      ["short text", z.string().min(3), "ab", K.tooShort, { min: 3 }],
      ["long text", z.string().max(4), "abcde", K.tooLong, { max: 4 }],
      ["small number", z.number().min(0), -1, K.minValue, { min: 0 }],
      ["not above", z.number().gt(0), 0, K.moreThan, { min: 0 }],
      ["big number", z.number().max(10), 11, K.maxValue, { max: 10 }],
      ["not below", z.number().lt(10), 10, K.lessThan, { max: 10 }],
      ["fraction", z.number().int(), 1.5, K.integer, {}],
      ["text for a number", z.number(), "7", K.number, {}],
      ["NaN", z.number(), Number.NaN, K.number, {}],
      ["number for text", z.string(), 5, K.text, {}],
      ["not a boolean", z.boolean(), "yes", K.boolean, {}],
      ["not a list", z.array(z.number()), 3, K.list, {}],
      ["too few", z.array(z.number()).min(1), [], K.tooFewItems, { min: 1 }],
      [
        "too many",
        z.array(z.number()).max(1),
        [1, 2],
        K.tooManyItems,
        { max: 1 },
      ],
      ["e-mail", z.email(), "nobody", K.email, {}],
      ["url", z.url(), "nowhere", K.url, {}],
      ["date", z.iso.date(), "2024-13-01", K.date, {}],
      ["date-time", z.iso.datetime(), "soon", K.datetime, {}],
      ["pattern", z.string().regex(/^a/), "b", K.format, {}],
      [
        "enum",
        z.enum(["male", "female"]),
        "x",
        K.oneOf,
        { options: "male, female" },
      ],
      ["literal", z.literal("q"), "r", K.oneOf, { options: "q" }],
      ["multiple", z.number().multipleOf(5), 7, K.multipleOf, { divisor: 5 }],
      ["union", z.union([z.string(), z.number()]), true, K.invalid, {}],
      [
        "custom check",
        z.string().refine((v) => v === "ok"),
        "no",
        K.invalid,
        {},
      ],
      ["unknown key", z.strictObject({}), { extra: 1 }, K.unknownField, {}],
      [
        "record key",
        z.record(z.enum(["a"]), z.string()),
        { b: "x" },
        K.required,
        {},
      ],
    ];

  test.each(cases)("%s", (_name, schema, value, key, args) => {
    expect(wordingOf(schema, value)).toEqual({ key, args });
  });

  test("a schema's own message, given as a translation key, wins", () => {
    const schema = z
      .string()
      .regex(/^\d{6}$/, { message: "reference.region.validation.format" });
    expect(wordingOf(schema, "12")).toEqual({
      key: "reference.region.validation.format",
      args: {},
    });
  });

  test("unknown keys are reported on the keys themselves", () => {
    const result = z
      .strictObject({ a: z.number() })
      .safeParse({ a: 1, b: 2, c: 3 });
    expect(issueFields(result.error!.issues[0]!)).toEqual(["b", "c"]);
    const nested = z
      .object({ address: z.object({ city: z.string() }) })
      .safeParse({ address: { city: 1 } });
    expect(issueFields(nested.error!.issues[0]!)).toEqual(["address.city"]);
  });
});

describe("the wording catalogue", () => {
  test("both languages have the same keys and placeholders", () => {
    const zh = VALIDATION_MESSAGES["zh-CN"];
    const en = VALIDATION_MESSAGES["en-US"];
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const placeholders = (text: string) =>
      [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(zh))
      expect(placeholders(zh[key]!)).toEqual(placeholders(en[key]!));
    expect(Object.values(K).sort()).toEqual(Object.keys(zh).sort());
  });

  test("every sentence reads as a person's, with its arguments filled in", () => {
    expect(wordValidation({ key: K.tooLong, args: { max: 64 } }, "zh-CN")).toBe(
      "最多 64 个字符",
    );
    expect(wordValidation({ key: K.tooLong, args: { max: 64 } }, "en-US")).toBe(
      "Enter at most 64 characters",
    );
    expect(wordValidation({ key: "not.a.key", args: {} }, "en-US")).toBe(
      "not.a.key",
    );
    expect(interpolate("%{a} and %{b}", { a: 1 })).toBe("1 and %{b}");
  });
});

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cleanParams, paramFields, validateParams } from "./paramsSchema";

const retention = z.toJSONSchema(
  z
    .object({
      days: z.number().int().min(1).max(3650).default(30),
      label: z.string().max(5),
      dryRun: z.boolean().optional(),
    })
    .strict(),
  { io: "input" },
);

describe("params forms from a handler's JSON Schema", () => {
  it("reads a flat schema's fields", () => {
    expect(paramFields(retention)).toEqual([
      {
        name: "days",
        kind: "integer",
        required: false,
        minimum: 1,
        maximum: 3650,
        maxLength: undefined,
        default: 30,
      },
      {
        name: "label",
        kind: "string",
        required: true,
        minimum: undefined,
        maximum: undefined,
        maxLength: 5,
        default: undefined,
      },
      {
        name: "dryRun",
        kind: "boolean",
        required: false,
        minimum: undefined,
        maximum: undefined,
        maxLength: undefined,
        default: undefined,
      },
    ]);
  });

  it("gives up on nested schemas (the form edits them as JSON)", () => {
    expect(
      paramFields(z.toJSONSchema(z.object({ urls: z.array(z.string()) }))),
    ).toBeNull();
    expect(paramFields(null)).toBeNull();
  });

  it("words problems with the shared keys", () => {
    const fields = paramFields(retention)!;
    expect(validateParams(fields, { days: 0, label: "abcdef" })).toEqual({
      days: { message: "validation.min_value", args: { min: 1 } },
      label: { message: "validation.too_long", args: { max: 5 } },
    });
    expect(validateParams(fields, { days: 1.5 })).toEqual({
      days: { message: "validation.integer", args: {} },
      label: { message: "validation.required", args: {} },
    });
    expect(validateParams(fields, { days: 9999, label: "ok" }).days).toEqual({
      message: "validation.max_value",
      args: { max: 3650 },
    });
    expect(validateParams(fields, { days: null, label: "ok" })).toEqual({});
  });

  it("leaves emptied inputs out of what is saved", () => {
    expect(cleanParams({ days: null, label: "", ms: 0, fail: false })).toEqual({
      ms: 0,
      fail: false,
    });
    expect(cleanParams("{bad")).toBe("{bad");
  });
});

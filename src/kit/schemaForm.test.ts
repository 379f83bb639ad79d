import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tagInputSchema } from "../../common/schemas/tag";
import { isRequiredField, validateWithSchema } from "./schemaForm";

const validateTag = validateWithSchema(tagInputSchema);

describe("validateWithSchema (the tags form)", () => {
  it("accepts a good tag, and emptied optional fields", () => {
    expect(
      validateTag({ name: "祷告", nameEn: "Prayer", sortOrder: 3 }),
    ).toEqual({});
    expect(
      validateTag({ name: "祷告", nameEn: null, sortOrder: null }),
    ).toEqual({});
    expect(
      validateTag({ name: "祷告", nameEn: "", sortOrder: undefined }),
    ).toEqual({});
  });

  it("answers a key with its arguments for every mistake, never a bare message", () => {
    const required = { message: "validation.required", args: {} };
    expect(validateTag({ name: "   " })).toEqual({ name: required });
    expect(validateTag({ name: "" })).toEqual({ name: required });
    expect(validateTag({ name: null })).toEqual({ name: required });
    expect(validateTag({})).toEqual({ name: required });
    expect(validateTag({ name: "x".repeat(65) })).toEqual({
      name: { message: "validation.too_long", args: { max: 64 } },
    });
    expect(validateTag({ name: "a", sortOrder: -1 })).toEqual({
      sortOrder: { message: "validation.min_value", args: { min: 0 } },
    });
    expect(validateTag({ name: "a", sortOrder: 1.5 })).toEqual({
      sortOrder: { message: "validation.integer", args: {} },
    });
    expect(validateTag({ name: "a", sortOrder: 2_000_000 })).toEqual({
      sortOrder: { message: "validation.max_value", args: { max: 1_000_000 } },
    });
  });

  it("nests errors of nested fields and puts an array item's error on its input", () => {
    const validate = validateWithSchema(
      z.object({
        address: z.object({ city: z.string().min(1) }),
        tagIds: z.array(z.number().int()).max(5),
      }),
    );
    expect(validate({ address: { city: "" }, tagIds: [1, 2.5] })).toEqual({
      address: { city: { message: "validation.required", args: {} } },
      tagIds: { message: "validation.integer", args: {} },
    });
  });
});

describe("isRequiredField", () => {
  it("follows the schema: only fields refused when missing are required", () => {
    expect(isRequiredField(tagInputSchema, "name")).toBe(true);
    expect(isRequiredField(tagInputSchema, "nameEn")).toBe(false);
    expect(isRequiredField(tagInputSchema, "sortOrder")).toBe(false);
    expect(isRequiredField(tagInputSchema, "nothing")).toBe(false);
  });
});

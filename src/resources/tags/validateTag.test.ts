import { describe, expect, it } from "vitest";
import { validateTag } from "./validateTag";

describe("validateTag", () => {
  it("accepts a good tag", () => {
    expect(
      validateTag({ name: "祷告", nameEn: "Prayer", sortOrder: 3 }),
    ).toEqual({});
    expect(
      validateTag({ name: "祷告", nameEn: null, sortOrder: null }),
    ).toEqual({});
  });

  it("refuses bidirectional control characters with a translated key", () => {
    expect(validateTag({ name: "a\u202Eb", nameEn: "x\u2066y" })).toEqual({
      name: { message: "app.validation.bidiControl" },
      nameEn: { message: "app.validation.bidiControl" },
    });
  });

  it("requires a name (blank counts as missing)", () => {
    expect(validateTag({ name: "   " })).toEqual({
      name: { message: "ra.validation.required" },
    });
    expect(validateTag({})).toEqual({
      name: { message: "ra.validation.required" },
    });
  });

  it("limits names to the shared schema's 64 characters", () => {
    expect(validateTag({ name: "x".repeat(64) })).toEqual({});
    expect(
      validateTag({ name: "x".repeat(65), nameEn: "y".repeat(65) }),
    ).toEqual({
      name: { message: "ra.validation.maxLength", args: { max: 64 } },
      nameEn: { message: "ra.validation.maxLength", args: { max: 64 } },
    });
  });

  it("keeps the sort order a whole number from 0", () => {
    expect(validateTag({ name: "a", sortOrder: -1 })).toEqual({
      sortOrder: { message: "ra.validation.minValue", args: { min: 0 } },
    });
    expect(validateTag({ name: "a", sortOrder: 1.5 }).sortOrder).toBeDefined();
  });
});

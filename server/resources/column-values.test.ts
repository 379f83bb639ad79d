import { describe, expect, test } from "vitest";
import { z } from "zod";
import { asFlag, asJsonSet, columnValues } from "./column-values.js";

const schema = z.object({
  title: z.string(),
  note: z.string().nullish(),
  visible: z.boolean().optional(),
  ids: z.array(z.number()).optional(),
  status: z.string().optional(),
});

describe("columnValues", () => {
  const toValues = columnValues(schema, {
    skip: ["status"],
    stored: { visible: asFlag, ids: asJsonSet },
  });

  test("copies the schema's fields the input carries, stored as named", () => {
    expect(
      toValues({ title: "t", note: null, visible: false, ids: [3, 1, 3] }),
    ).toEqual({ title: "t", note: null, visible: 0, ids: "[3,1]" });
  });

  test("leaves out absent fields, skipped ones and fields outside the schema", () => {
    const input = { title: "t", status: "published", extra: 1 };
    expect(toValues(input as z.output<typeof schema>)).toEqual({ title: "t" });
    expect(toValues({})).toEqual({});
  });
});

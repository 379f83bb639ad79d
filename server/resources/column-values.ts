import type { z } from "zod";

type Input<S extends z.ZodObject> = Partial<z.output<S>>;
type Key<S extends z.ZodObject> = keyof z.output<S> & string;

/** How one input field is stored when it is not stored as it is. */
type Stored<S extends z.ZodObject> = {
  [K in Key<S>]?: (value: Exclude<z.output<S>[K], undefined>) => unknown;
};

/** A flag stored as 0 or 1 (SQLite has no boolean; both stores keep an integer). */
export const asFlag = (value: boolean) => (value ? 1 : 0);
/** A structured value stored as JSON text. */
export const asJson = (value: unknown) => JSON.stringify(value);
/** A list stored as JSON text, each value once. */
export const asJsonSet = (value: readonly unknown[]) =>
  JSON.stringify([...new Set(value)]);

/**
 * A resource's `toValues`, driven by its input schema's keys: each field of the schema
 * that the input carries becomes the column of the same name (the store's camelCase
 * plugin names it in snake_case), through `stored` when it is not kept as it is (a flag,
 * JSON, sanitised HTML). `skip` names the fields another writer keeps (the publishing
 * workflow's status, publishAt and tagIds), and fields outside the schema are left out.
 */
export function columnValues<S extends z.ZodObject>(
  schema: S,
  options: { skip?: readonly Key<S>[]; stored?: Stored<S> } = {},
): (input: Input<S>) => Record<string, unknown> {
  const skip = new Set<string>(options.skip ?? []);
  const keys = Object.keys(schema.shape).filter((key) => !skip.has(key));
  const stored = (options.stored ?? {}) as Record<
    string,
    ((value: unknown) => unknown) | undefined
  >;
  return (input) => {
    const values: Record<string, unknown> = {};
    const given = input as Record<string, unknown>;
    for (const key of keys) {
      const value = given[key];
      if (value === undefined) continue;
      const store = stored[key];
      values[key] = store ? store(value) : value;
    }
    return values;
  };
}

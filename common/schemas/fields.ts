import { z } from "zod";

/** Ids and versions are 32-bit integers in both stores; larger numbers are refused (40000). */
export const MAX_INT32 = 2 ** 31 - 1;

/**
 * An optional field a form can empty. Absent means "leave as is" (an update keeps the
 * stored value, a create takes the column's default); `null`, which is what an emptied
 * number input sends, means "back to the default", so clearing a field never fails.
 */
export function clearable<T extends z.ZodType>(
  schema: T,
  fallback: z.output<T>,
) {
  return schema
    .nullish()
    .transform((value): z.output<T> | undefined =>
      value === null ? fallback : (value as z.output<T> | undefined),
    );
}

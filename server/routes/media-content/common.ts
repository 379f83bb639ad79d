/** Copies the listed input fields that are present into column values. */
export function pick<K extends string>(
  input: Partial<Record<K, unknown>>,
  keys: readonly K[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const key of keys)
    if (input[key] !== undefined) values[key] = input[key];
  return values;
}

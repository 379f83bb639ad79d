/**
 * A cell value for CSV. A text that starts like a formula (=, +, -, @, tab, CR) is
 * prefixed with a quote, so a spreadsheet shows it instead of running it (CSV injection).
 */
export function csvSafe(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

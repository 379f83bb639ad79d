/**
 * A cell value for CSV. A text that starts like a formula (=, +, -, @, tab, CR) is
 * prefixed with a quote, so a spreadsheet shows it instead of running it (CSV injection).
 */
export function csvSafe(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  // Arrays and objects (a user's role ids, an audit row's changes) as JSON, not "[object Object]".
  const text =
    typeof value === "object" ? JSON.stringify(value) : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

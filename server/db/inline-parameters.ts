/**
 * A PostgreSQL statement with its `$n` parameters written in as literals, so that it can
 * travel in one simple-protocol message with the statements around it (BEGIN, COMMIT):
 * each round trip of a read costs both processes a write, a read and a wake-up
 * (docs/decisions.md, "A read on PostgreSQL takes two round trips").
 *
 * Only what pg itself sends as plain text is written in: finite numbers, booleans, null,
 * arrays of integers, and strings without a NUL character (a NUL would end the protocol
 * message early). Anything else (other arrays, dates, buffers, big integers) answers
 * undefined, and so does a
 * text this scanner does not fully understand (a dollar-quoted string, an unterminated
 * quote): the caller then sends the statement with its parameters as before.
 */
export function inlineParameters(
  text: string,
  parameters: readonly unknown[],
): string | undefined {
  const literals: string[] = [];
  for (const value of parameters) {
    const literal = literalOf(value);
    if (literal === undefined) return undefined;
    literals.push(literal);
  }
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      // A quoted string or identifier, copied as it is; a doubled quote is one character.
      let end = i + 1;
      for (;;) {
        end = text.indexOf(ch, end);
        if (end < 0) return undefined;
        if (text[end + 1] === ch) end += 2;
        else break;
      }
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (ch === "-" && text[i + 1] === "-") {
      const end = text.indexOf("\n", i);
      out += end < 0 ? text.slice(i) : text.slice(i, end);
      i = end < 0 ? text.length : end;
    } else if (ch === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      if (end < 0) return undefined;
      out += text.slice(i, end + 2);
      i = end + 2;
    } else if (ch === "$") {
      let end = i + 1;
      while (end < text.length && isDigit(text[end]!)) end++;
      // `$tag$` (a dollar-quoted string) or `$` in a name: not a parameter.
      if (end === i + 1 || /[\w$]/.test(text[end] ?? "")) return undefined;
      const literal = literals[Number(text.slice(i + 1, end)) - 1];
      if (literal === undefined) return undefined;
      out += literal;
      i = end;
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

const isDigit = (ch: string) => ch >= "0" && ch <= "9";

/**
 * A parameter as pg sends it (text of no declared type), written as a quoted literal,
 * which PostgreSQL also types from where it stands: `'25'` is a number after LIMIT and
 * text beside a text column, as `$1` holding 25 would be.
 */
function literalOf(value: unknown): string | undefined {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "'true'" : "'false'";
  if (typeof value === "number")
    return Number.isFinite(value) ? `'${String(value)}'` : undefined;
  // A list of ids (`id = any($1)`), as pg writes an array: `'{1,2,3}'`.
  if (Array.isArray(value))
    return value.every(Number.isSafeInteger)
      ? `'{${value.join(",")}}'`
      : undefined;
  if (typeof value !== "string" || value.includes("\0")) return undefined;
  // PostgreSQL's escaping of a literal (as pg's escapeLiteral): quotes doubled, and
  // backslashes doubled in an E'' string, whatever standard_conforming_strings says.
  const quoted = value.replace(/'/g, "''");
  return value.includes("\\")
    ? ` E'${quoted.replace(/\\/g, "\\\\")}'`
    : `'${quoted}'`;
}

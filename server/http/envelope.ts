import type { Envelope } from "../../common/codes.js";
import { Code } from "../../common/codes.js";

/**
 * A successful envelope. The message is filled in the caller's language by the
 * envelope plugin, so handlers never deal with languages.
 */
export function ok<T>(data: T): Envelope<T> {
  return { code: Code.OK, message: "", data };
}

import { RANDOM_STRING_LENGTH } from "./constants";

export const RANDOM_STRING_ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * A random string from a cryptographically secure source (Web Crypto, present in
 * browsers and in Node 20 as globalThis.crypto). Rejection sampling keeps every
 * character of the alphabet equally likely.
 */
export function randomString(
  length: number = RANDOM_STRING_LENGTH,
  alphabet: string = RANDOM_STRING_ALPHABET,
): string {
  if (!Number.isInteger(length) || length < 0) {
    throw new RangeError(`length must be a whole number >= 0, got ${length}`);
  }
  if (alphabet.length < 2 || alphabet.length > 256) {
    throw new RangeError("alphabet must hold between 2 and 256 characters");
  }
  const cryptoSource = globalThis.crypto;
  if (!cryptoSource?.getRandomValues) {
    throw new Error(
      "no secure random source (crypto.getRandomValues) available",
    );
  }
  // The largest multiple of the alphabet size that fits in a byte: bytes at or above it
  // would bias the first characters, so they are thrown away.
  const limit = 256 - (256 % alphabet.length);
  let result = "";
  const buffer = new Uint8Array(Math.max(16, length * 2));
  while (result.length < length) {
    cryptoSource.getRandomValues(buffer);
    for (const byte of buffer) {
      if (byte >= limit) continue;
      result += alphabet[byte % alphabet.length];
      if (result.length === length) break;
    }
  }
  return result;
}

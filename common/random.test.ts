import { afterEach, describe, expect, it, vi } from "vitest";
import { RANDOM_STRING_ALPHABET, randomString } from "./random";
import { RANDOM_STRING_LENGTH } from "./constants";

afterEach(() => vi.restoreAllMocks());

describe("randomString", () => {
  it("defaults to 32 characters from the alphanumeric alphabet", () => {
    expect(RANDOM_STRING_LENGTH).toBe(32);
    const value = randomString();
    expect(value).toHaveLength(32);
    expect(value).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("honours a length and an alphabet", () => {
    expect(randomString(0)).toBe("");
    expect(randomString(7)).toHaveLength(7);
    expect(randomString(50, "ab")).toMatch(/^[ab]{50}$/);
  });

  it("does not repeat itself", () => {
    const seen = new Set(Array.from({ length: 200 }, () => randomString()));
    expect(seen.size).toBe(200);
  });

  it("draws from crypto.getRandomValues, not Math.random", () => {
    const mathRandom = vi.spyOn(Math, "random");
    const secure = vi.spyOn(globalThis.crypto, "getRandomValues");
    randomString(10);
    expect(secure).toHaveBeenCalled();
    expect(mathRandom).not.toHaveBeenCalled();
  });

  it("discards bytes that would bias the distribution", () => {
    // 62 characters: bytes 248..255 must be skipped, so 255 never maps to a character.
    let call = 0;
    vi.spyOn(globalThis.crypto, "getRandomValues").mockImplementation(
      <T extends ArrayBufferView | null>(array: T): T => {
        const bytes = array as unknown as Uint8Array;
        bytes.fill(call++ === 0 ? 255 : 0);
        return array;
      },
    );
    expect(randomString(3)).toBe(RANDOM_STRING_ALPHABET[0].repeat(3));
    expect(call).toBe(2);
  });

  it("spreads characters roughly evenly", () => {
    const counts = new Map<string, number>();
    for (const ch of randomString(62 * 400))
      counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(250);
      expect(count).toBeLessThan(560);
    }
  });

  it("rejects a bad length or alphabet", () => {
    expect(() => randomString(-1)).toThrow(RangeError);
    expect(() => randomString(1.5)).toThrow(RangeError);
    expect(() => randomString(4, "a")).toThrow(RangeError);
  });
});

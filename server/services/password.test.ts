import { afterEach, describe, expect, test, vi } from "vitest";

type PasswordModule = typeof import("./password.js");

/**
 * password.ts read afresh with the environment variable LAMPSTAND_TEST_SCRYPT_N set to
 * `testCost` for this test (undefined: unset), through vitest's `stubEnv`, which
 * `unstubAllEnvs` puts back after each test.
 */
async function passwordModule(
  testCost: string | undefined,
): Promise<PasswordModule> {
  vi.resetModules();
  vi.stubEnv("LAMPSTAND_TEST_SCRYPT_N", testCost);
  return import("./password.js");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("password hashing", () => {
  test("without the test knob, hashes use the production parameters: scrypt N=2^15, r=8, p=1, 64 bytes", async () => {
    const { hashPassword, verifyPassword, PRODUCTION_SCRYPT_N } =
      await passwordModule(undefined);
    expect(PRODUCTION_SCRYPT_N).toBe(32768);
    const stored = await hashPassword("correct horse");
    const [scheme, n, r, p, salt, hash] = stored.split("$");
    expect([scheme, n, r, p]).toEqual(["scrypt", "32768", "8", "1"]);
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(hash!, "base64")).toHaveLength(64);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horse!", stored)).toBe(false);
  });

  test("the test knob lowers N only: a higher, odd or non-numeric value keeps the production cost", async () => {
    const costOf = async (value: string) =>
      (await (await passwordModule(value)).hashPassword("x")).split("$")[1];
    expect(await costOf("1024")).toBe("1024");
    for (const ignored of ["65536", "1000", "512", "0", "-1024", "cheap"])
      expect(await costOf(ignored), ignored).toBe("32768");
  });

  test("a hash carries its own cost: one made at the production cost verifies where the knob is set", async () => {
    const production = await (
      await passwordModule(undefined)
    ).hashPassword("same words");
    const { verifyPassword, hashPassword } = await passwordModule("1024");
    expect(await verifyPassword("same words", production)).toBe(true);
    expect(await verifyPassword("other words", production)).toBe(false);
    const cheap = await hashPassword("same words");
    expect(cheap.split("$")[1]).toBe("1024");
    expect(await verifyPassword("same words", cheap)).toBe(true);
  });
});

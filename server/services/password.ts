import {
  randomBytes,
  scrypt as scryptCallback,
  timingSafeEqual,
  type ScryptOptions,
} from "node:crypto";

/** scrypt parameters: N=2^15 costs about 32 MiB and ~60 ms a hash on this class of machine. */
export const PRODUCTION_SCRYPT_N = 32768;

/**
 * Tests only (docs/decisions.md, "A cheaper password hash in tests"): the test runners set
 * LAMPSTAND_TEST_SCRYPT_N to hash at a lower cost. Read once; anything but a power of two
 * from 2^10 up to the production cost is ignored, so it can never raise the cost or turn
 * scrypt off. Hashes carry their own N, so a store hashed either way verifies as it was made.
 */
function scryptCost(value: string | undefined): number {
  const n = Number(value);
  const valid =
    Number.isInteger(n) &&
    n >= 1024 &&
    n <= PRODUCTION_SCRYPT_N &&
    (n & (n - 1)) === 0;
  return valid ? n : PRODUCTION_SCRYPT_N;
}
const N = scryptCost(process.env.LAMPSTAND_TEST_SCRYPT_N);
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * N * R * 2;

function scrypt(
  password: string,
  salt: Buffer,
  n: number,
  r: number,
  p: number,
): Promise<Buffer> {
  const options: ScryptOptions = {
    N: n,
    r,
    p,
    maxmem: Math.max(MAX_MEMORY, 128 * n * r * 2),
  };
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64), so parameters can change later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return [
    "scrypt",
    N,
    R,
    P,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

export async function verifyPassword(
  password: string,
  stored: string,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(
    password,
    Buffer.from(salt, "base64"),
    Number(n),
    Number(r),
    Number(p),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A real hash of a random password, checked when the login name is unknown, so a wrong
 * name takes as long as a wrong password and the two can't be told apart by timing.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return decoyHash;
}

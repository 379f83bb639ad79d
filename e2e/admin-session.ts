import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type APIRequestContext, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

/**
 * The e2e administrator logs in with a second factor (scripts/e2e.mjs sets
 * ADMIN_TOTP_SECRET, issue 24 item 5). A code works once and about three are valid at any
 * moment, so specs share one API session (kept in a file both workers read) instead of
 * logging in per test, and every code used is remembered so the next login takes the
 * next step. A session older than SESSION_REUSE_MS is replaced before the server would
 * renew its token (10 minutes), so no page ever holds a token that a renewal elsewhere ends.
 */
export const ADMIN_LOGIN = process.env.E2E_ADMIN_LOGIN ?? "e2e-admin";
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";
const SECRET = process.env.E2E_ADMIN_TOTP_SECRET ?? "";
const STATE_FILE =
  process.env.E2E_ADMIN_STATE ??
  join(tmpdir(), `lampstand-e2e-${ADMIN_LOGIN}-session.json`);
const STEP_MS = 30_000;
const SESSION_REUSE_MS = 7 * 60_000;

export interface ApiSession {
  token: string;
  user: { userId: number; userName: string; loginName: string };
  permissions: string[];
}

interface State {
  lastStep: number;
  session?: ApiSession & { at: number };
}

function readState(): State {
  try {
    return JSON.parse(readFileSync(STATE_FILE, "utf8")) as State;
  } catch {
    return { lastStep: 0 };
  }
}

function writeState(patch: Partial<State>): void {
  writeFileSync(STATE_FILE, JSON.stringify({ ...readState(), ...patch }));
}

/** The code of a time step of a secret (30 s, 6 digits, SHA-1: what the server checks). */
export function codeAt(secret: string, step: number): string {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    period: 30,
    digits: 6,
    algorithm: "SHA1",
  }).generate({ timestamp: step * STEP_MS });
}

export const stepNow = () => Math.floor(Date.now() / STEP_MS);

/**
 * A code for the administrator the server has not accepted yet: the step after the last
 * one used, within one step of now (the previous step only while it is not about to
 * leave the window). Waits for the next step when none is free; the test's time is
 * extended by the wait.
 */
export async function freshAdminCode(): Promise<string> {
  if (!SECRET)
    throw new Error(
      "E2E_ADMIN_TOTP_SECRET is not set: run the suite through scripts/e2e.mjs",
    );
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const earliest = STEP_MS - (now % STEP_MS) > 5000 ? current - 1 : current;
    const step = Math.max(earliest, readState().lastStep + 1);
    if (step <= current + 1) {
      writeState({ lastStep: step });
      return codeAt(SECRET, step);
    }
    const wait = (step - 1) * STEP_MS - now + 300;
    test.info().setTimeout(test.info().timeout + wait + 5000);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** A new administrator session, through the real login with a fresh code. */
export async function newAdminSession(
  request: APIRequestContext,
): Promise<ApiSession> {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const response = await request.post("/tjc/auth/login", {
      data: {
        loginName: ADMIN_LOGIN,
        password: ADMIN_PASSWORD,
        otp: await freshAdminCode(),
      },
    });
    const body = await response.json();
    if (body.code === 0) return body.data as ApiSession;
    // Another worker took that step: the next one.
    if (body.code !== 40101)
      throw new Error(`API login failed: ${body.code} ${body.message}`);
  }
  throw new Error("API login failed: every code was refused");
}

/** The shared administrator session for test setup, logged in again when stale or ended. */
export async function sharedAdminSession(
  request: APIRequestContext,
): Promise<ApiSession> {
  const cached = readState().session;
  if (cached && Date.now() - cached.at < SESSION_REUSE_MS) {
    const me = await request.get("/tjc/auth/me", {
      headers: { Authorization: `Bearer ${cached.token}` },
    });
    if ((await me.json()).code === 0) return cached;
  }
  const session = await newAdminSession(request);
  writeState({ session: { ...session, at: Date.now() } });
  return session;
}

/** On the login page after the password was sent: types a fresh code when asked for one. */
export async function answerAdminCode(page: Page): Promise<void> {
  const otp = page.locator('input[name="otp"]');
  await otp.waitFor();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const answered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/tjc/auth/login" &&
        response.request().method() === "POST",
    );
    await otp.fill(await freshAdminCode());
    await page.locator('button[type="submit"]').click();
    if ((await (await answered).json()).code === 0) return;
  }
  throw new Error("the login page refused every code");
}

import { afterAll, beforeAll, expect, test } from "vitest";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from "../../common/constants.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { LoginThrottle, loginLimits } from "./login-throttle.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

test("failures leave the window after ten minutes, and prune removes only those", async () => {
  let now = Date.parse("2026-03-01T00:00:00Z");
  const throttle = new LoginThrottle(t.app.store, () => now);
  for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
    expect(
      await throttle.begin([{ key: "login:old", max: LOGIN_MAX_FAILURES }]),
    ).toHaveProperty("ids");
  }
  const refused = await throttle.begin([
    { key: "login:old", max: LOGIN_MAX_FAILURES },
  ]);
  expect(refused).toEqual({ retryAfter: LOGIN_FAILURE_WINDOW_MS / 1000 });

  now += LOGIN_FAILURE_WINDOW_MS;
  expect(
    await throttle.begin([{ key: "login:recent", max: LOGIN_MAX_FAILURES }]),
  ).toHaveProperty("ids");
  expect(await throttle.prune()).toBe(LOGIN_MAX_FAILURES);
  expect(
    await throttle.begin([{ key: "login:old", max: LOGIN_MAX_FAILURES }]),
  ).toHaveProperty("ids");
});

test("an address counts failures across names up to its own, higher limit", async () => {
  const now = Date.parse("2026-03-02T00:00:00Z");
  const throttle = new LoginThrottle(t.app.store, () => now);
  const ip = "203.0.113.9";
  // Each name stops at its own limit; the address goes on until its limit.
  for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i += 1) {
    const name = `sprayed-${Math.floor(i / LOGIN_MAX_FAILURES)}`;
    expect(await throttle.begin(loginLimits(name, ip))).toHaveProperty("ids");
  }
  expect(await throttle.begin(loginLimits("someone-else", ip))).toEqual({
    retryAfter: LOGIN_FAILURE_WINDOW_MS / 1000,
  });
  // Another address is not affected, nor is a name by the address's refusals.
  expect(
    await throttle.begin(loginLimits("someone-else", "203.0.113.10")),
  ).toHaveProperty("ids");
});

test("clearing a login name lifts its lock, whatever the case it is written in", async () => {
  const now = Date.parse("2026-03-03T00:00:00Z");
  const throttle = new LoginThrottle(t.app.store, () => now);
  for (let i = 0; i < LOGIN_MAX_FAILURES; i += 1) {
    await throttle.begin(loginLimits("Locked-Name", `198.18.0.${i}`));
  }
  expect(
    await throttle.begin(loginLimits("locked-name", "198.18.1.1")),
  ).toHaveProperty("retryAfter");
  expect(await throttle.clearLoginName(" LOCKED-NAME ")).toBe(
    LOGIN_MAX_FAILURES,
  );
  expect(
    await throttle.begin(loginLimits("locked-name", "198.18.1.1")),
  ).toHaveProperty("ids");
});

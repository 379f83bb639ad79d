import { afterAll, beforeAll, expect, test } from "vitest";
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
} from "../../common/constants.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { LoginThrottle } from "./login-throttle.js";

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
    expect(await throttle.begin(["login:old"])).toHaveProperty("ids");
  }
  const refused = await throttle.begin(["login:old"]);
  expect(refused).toEqual({ retryAfter: LOGIN_FAILURE_WINDOW_MS / 1000 });

  now += LOGIN_FAILURE_WINDOW_MS;
  expect(await throttle.begin(["login:recent"])).toHaveProperty("ids");
  expect(await throttle.prune()).toBe(LOGIN_MAX_FAILURES);
  expect(await throttle.begin(["login:old"])).toHaveProperty("ids");
});

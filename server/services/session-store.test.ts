import { afterAll, beforeAll, expect, test } from "vitest";
import { SESSION_ABSOLUTE_LIFETIME_MS } from "../../common/constants.js";
import { buildTestApp, type TestApp } from "../test/helper.js";
import { SESSION_CACHE_MS, SessionStore } from "./session-store.js";

let t: TestApp;
let userId: number;
beforeAll(async () => {
  t = await buildTestApp();
  userId = (
    await t.app.store.db
      .selectFrom("users")
      .select("id")
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

test("a session kept busy still ends one day after login", async () => {
  let now = Date.parse("2026-01-01T00:00:00Z");
  const sessions = new SessionStore(t.app.store, () => now);
  let { token } = await sessions.create(userId, {});
  // Active every 20 minutes: never idle, renewed along the way.
  while (
    now + 20 * 60 * 1000 <
    Date.parse("2026-01-01T00:00:00Z") + SESSION_ABSOLUTE_LIFETIME_MS
  ) {
    now += 20 * 60 * 1000;
    const session = await sessions.resolve(token);
    expect(session).not.toBeNull();
    if (session?.renewedToken) token = session.renewedToken;
  }
  now = Date.parse("2026-01-01T00:00:00Z") + SESSION_ABSOLUTE_LIFETIME_MS;
  expect(await sessions.resolve(token)).toBeNull();
});

test("revoking all of a user's sessions ends each of them", async () => {
  const sessions = new SessionStore(t.app.store);
  const first = await sessions.create(userId, {});
  const second = await sessions.create(userId, {});
  await sessions.revokeAllForUser(userId);
  expect(await sessions.resolve(first.token)).toBeNull();
  expect(await sessions.resolve(second.token)).toBeNull();
  expect(await sessions.deleteExpired()).toBeGreaterThanOrEqual(2);
});

test("two requests renewing at once: one wins, the other keeps the old token in its grace period", async () => {
  let now = Date.now();
  const sessions = new SessionStore(t.app.store, () => now);
  const { token } = await sessions.create(userId, {});
  now += 11 * 60 * 1000;
  const [a, b] = await Promise.all([
    sessions.resolve(token),
    sessions.resolve(token),
  ]);
  const renewed = [a?.renewedToken, b?.renewedToken].filter(Boolean);
  expect(a).not.toBeNull();
  expect(b).not.toBeNull();
  expect(renewed).toHaveLength(1);
  expect(await sessions.resolve(renewed[0]!)).not.toBeNull();
  expect(await sessions.resolve(token)).not.toBeNull();
});

test("a session is remembered briefly: another instance's revocation shows within SESSION_CACHE_MS", async () => {
  let now = Date.now();
  const thisInstance = new SessionStore(t.app.store, () => now);
  const otherInstance = new SessionStore(t.app.store, () => now);
  const { token, sessionId } = await thisInstance.create(userId, {});
  expect(await thisInstance.resolve(token)).not.toBeNull();
  await otherInstance.revoke(sessionId);
  now += SESSION_CACHE_MS;
  expect(await thisInstance.resolve(token)).toBeNull();
});

test("a revocation on the same instance applies at once", async () => {
  const sessions = new SessionStore(t.app.store);
  const { token, sessionId } = await sessions.create(userId, {});
  expect(await sessions.resolve(token)).not.toBeNull();
  await sessions.revoke(sessionId);
  expect(await sessions.resolve(token)).toBeNull();
});

test("a read under way while the session is revoked is not remembered as live", async () => {
  const sessions = new SessionStore(t.app.store);
  const { token, sessionId } = await sessions.create(userId, {});
  // The read starts first; the revocation completes before it is remembered.
  const reading = sessions.resolve(token);
  await sessions.revoke(sessionId);
  await reading;
  expect(await sessions.resolve(token)).toBeNull();
});

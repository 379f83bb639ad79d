import { afterAll, beforeAll, expect, test } from "vitest";
import {
  SESSION_ABSOLUTE_LIFETIME_MS,
  SESSION_OLD_TOKEN_GRACE_MS,
  SESSION_RENEW_AFTER_MS,
} from "../../common/constants.js";
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

test("a renewal whose answer is lost: the old token works until the new one is used, then for the grace period", async () => {
  let now = Date.now();
  const sessions = new SessionStore(t.app.store, () => now);
  const { token: old } = await sessions.create(userId, {});
  now += SESSION_RENEW_AFTER_MS + 1000;
  const lost = (await sessions.resolve(old))?.renewedToken;
  expect(lost).toBeDefined();
  // The client never saw `lost`: it goes on with the old token, well past the grace.
  now += SESSION_OLD_TOKEN_GRACE_MS + 1000;
  const again = await sessions.resolve(old);
  expect(again).not.toBeNull();
  // It is sent a token again, once the lost one has had a grace period to show up.
  const fresh = again!.renewedToken;
  expect(fresh).toBeDefined();
  // A request with the old token already on its way is served, with no third token.
  now += 1000;
  const inFlight = await sessions.resolve(old);
  expect(inFlight).not.toBeNull();
  expect(inFlight?.renewedToken).toBeUndefined();
  // The new token's first use starts the old one's grace period.
  expect(await sessions.resolve(fresh!)).not.toBeNull();
  now += SESSION_OLD_TOKEN_GRACE_MS - 1000;
  expect(await sessions.resolve(old)).not.toBeNull();
  now += SESSION_CACHE_MS + 1000;
  expect(await sessions.resolve(old)).toBeNull();
  expect(await sessions.resolve(fresh!)).not.toBeNull();
  // The token that was replaced unused is dead.
  expect(await sessions.resolve(lost!)).toBeNull();
});

test("parallel requests around a renewal: one renews, every one is served, and the old token lapses only after the new one is used", async () => {
  let now = Date.now();
  const sessions = new SessionStore(t.app.store, () => now);
  const { token: old } = await sessions.create(userId, {});
  now += SESSION_RENEW_AFTER_MS + 1000;
  const first = await Promise.all(
    Array.from({ length: 8 }, () => sessions.resolve(old)),
  );
  expect(first.every((session) => session !== null)).toBe(true);
  const renewed = first.map((s) => s?.renewedToken).filter(Boolean);
  expect(renewed).toHaveLength(1);
  const fresh = renewed[0]!;

  // Requests already sent with the old token and the first ones with the new, mixed.
  now += 1000;
  const mixed = await Promise.all(
    Array.from({ length: 8 }, (_, i) => sessions.resolve(i % 2 ? old : fresh)),
  );
  expect(mixed.every((session) => session !== null)).toBe(true);
  expect(mixed.some((session) => session?.renewedToken)).toBe(false);

  now += SESSION_OLD_TOKEN_GRACE_MS + SESSION_CACHE_MS;
  const after = await Promise.all([
    sessions.resolve(old),
    sessions.resolve(fresh),
  ]);
  expect(after[0]).toBeNull();
  expect(after[1]).not.toBeNull();
});

test("parallel requests with the old token after a lost renewal: exactly one gets the token sent again", async () => {
  let now = Date.now();
  const sessions = new SessionStore(t.app.store, () => now);
  const { token: old } = await sessions.create(userId, {});
  now += SESSION_RENEW_AFTER_MS + 1000;
  expect((await sessions.resolve(old))?.renewedToken).toBeDefined();
  now += 2 * SESSION_OLD_TOKEN_GRACE_MS;
  const parallel = await Promise.all(
    Array.from({ length: 8 }, () => sessions.resolve(old)),
  );
  expect(parallel.every((session) => session !== null)).toBe(true);
  const resent = parallel.map((s) => s?.renewedToken).filter(Boolean);
  expect(resent).toHaveLength(1);
  expect(await sessions.resolve(resent[0]!)).not.toBeNull();
});

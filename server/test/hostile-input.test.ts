import { afterAll, beforeAll, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "./helper.js";

/**
 * A safety net over every documented /tjc route, present and future: hostile input from a
 * logged-in administrator must get an envelope answer below 500, never a crash or a hang.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
});
afterAll(async () => {
  await t.close();
});

const deeplyNested = "[".repeat(50_000) + "]".repeat(50_000);
const hostileBodies: (string | undefined)[] = [
  undefined,
  "",
  "null",
  "[]",
  "0",
  '"text"',
  "{",
  deeplyNested,
  JSON.stringify({
    id: "1; DROP TABLE tags",
    name: { $gt: "" },
    version: -1,
    ids: ["x"],
  }),
  JSON.stringify({
    name: "a\u0000b",
    ids: [1e308],
    action: "delete",
    data: [],
  }),
  JSON.stringify({
    __proto__: { admin: true },
    constructor: { prototype: {} },
  }),
];
const hostileQueries = [
  "",
  "?sort=%00&range=%5B1e400%5D&filter=%7B",
  "?sort=%5B%22name%22%2C%22ASC%22%2C3%5D&range=%5B0%2C1%2C2%5D&filter=%5B%5D",
  "?filter=" + encodeURIComponent(JSON.stringify({ q: "x".repeat(5000) })),
  "?filter=" +
    encodeURIComponent(JSON.stringify({ q: ["a"], id: { $in: [1] } })),
  "?parentCode=%00&format=xlsx",
];
const hostileIds = [
  "0",
  "-1",
  "1e3",
  "NaN",
  "%00",
  "9".repeat(40),
  "..%2F..%2Fetc%2Fpasswd",
];

test("no hostile request to any documented route answers 500", async () => {
  const document = (
    await t.request({ method: "GET", url: "/tjc/docs/json" })
  ).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({
      path,
      method: method.toUpperCase(),
    })),
  );
  expect(routes.length).toBeGreaterThanOrEqual(9);
  const failures: string[] = [];
  const send = async (method: string, url: string, payload?: string) => {
    const response = await t.request({
      method: method as "GET",
      url,
      token: admin,
      headers:
        payload === undefined ? {} : { "content-type": "application/json" },
      payload,
    });
    const envelope = String(response.headers["content-type"] ?? "").includes(
      "json",
    )
      ? response.json()
      : null;
    if (
      response.statusCode >= 500 ||
      (envelope && typeof envelope.code !== "number")
    ) {
      failures.push(
        `${method} ${url} ${String(payload).slice(0, 40)} → ${response.statusCode} ${response.body.slice(0, 120)}`,
      );
    }
  };
  for (const { path, method } of routes) {
    if (path === "/tjc/auth/logout") continue; // would end the session the rest relies on
    const hasBody = method !== "GET" && method !== "DELETE";
    const urls = path.includes("{")
      ? hostileIds.map((id) => path.replace(/\{[^}]+\}/g, id))
      : [path];
    for (const url of urls) await send(method, url, hasBody ? "{}" : undefined);
    const url = urls[0]!;
    for (const query of hostileQueries)
      await send(method, url + query, hasBody ? "{}" : undefined);
    if (hasBody)
      for (const payload of hostileBodies) await send(method, url, payload);
  }
  expect(failures).toEqual([]);
}, 120_000);

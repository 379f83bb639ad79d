import { afterAll, beforeAll, expect, test } from "vitest";
import { buildTestApp, type TestApp } from "./helper.js";

/**
 * Every documented route that needs a permission refuses a caller without it with 40300
 * before it looks at the body or the parameters: a malformed request must not tell such
 * a caller how the route validates (it used to answer 40000 on batch).
 */
let t: TestApp;
let nobody: string;
beforeAll(async () => {
  t = await buildTestApp();
  nobody = await t.loginAs("none");
});
afterAll(async () => {
  await t.close();
});

/** Routes any logged-in user may call: nothing to lack (from the server's route table). */
function forAnyUser(): Set<string> {
  return new Set(
    t.app.routeTable
      .filter((route) => route.permission === "authenticated")
      .map((route) => `${route.method} ${route.url}`),
  );
}

const badBodies = [
  "{",
  "[]",
  JSON.stringify({ action: "nonsense", ids: "x" }),
  JSON.stringify({ action: "update", ids: [1], data: { name: 5 } }),
];

test("a caller without the permission is refused first on every route", async () => {
  const document = (
    await t.request({ method: "GET", url: "/tjc/docs/json" })
  ).json() as { paths: Record<string, Record<string, unknown>> };
  const failures: string[] = [];
  let checked = 0;
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
      const url = path.replace(/\{[^}]+\}/g, "not-an-id");
      const anonymous = await t.request({ method: method as "GET", url });
      // Public routes, and routes that need only a session, have no permission to lack.
      if (anonymous.statusCode !== 401) continue;
      const routeUrl = path.replace(/\{([^}]+)\}/g, ":$1");
      if (forAnyUser().has(`${method} ${routeUrl}`)) continue;
      const hasBody = method !== "GET" && method !== "DELETE";
      for (const payload of hasBody ? badBodies : [undefined]) {
        const response = await t.request({
          method: method as "GET",
          url: `${url}?range=oops`,
          token: nobody,
          headers:
            payload === undefined ? {} : { "content-type": "application/json" },
          payload,
        });
        checked += 1;
        if (response.statusCode !== 403 || response.json().code !== 40300) {
          failures.push(
            `${method} ${path} ${String(payload)} → ${response.statusCode} ${response.body.slice(0, 100)}`,
          );
        }
      }
    }
  }
  expect(checked).toBeGreaterThanOrEqual(20);
  expect(failures).toEqual([]);
});

import { expect, test } from "vitest";
import { Code } from "../../common/codes.js";
import type { TestApp } from "./helper.js";

/** Query parameters as ra-data-simple-rest sends them: each value JSON. */
export function listQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    params.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return params.toString();
}

/** The two cases every non-public route opens with. */
export function rejectsWithoutSessionAndPermission(
  t: () => TestApp,
  token: () => string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
): void {
  test("rejects without a session", async () => {
    const response = await t().request({ method, url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  test("rejects without permission", async () => {
    const response = await t().request({
      method,
      url,
      payload,
      token: token(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });
}

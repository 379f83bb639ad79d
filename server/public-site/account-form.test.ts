import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  SESSION_HANDOFF_COOKIE,
  USER_COOKIE_NAME,
} from "../../common/constants.js";
import { buildTestApp, type TestApp } from "../test/helper.js";

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// app.inject's requests reach the server as http://localhost:80.
const ORIGIN = "http://localhost:80";
let counter = 0;

function postForm(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = { origin: ORIGIN },
  ip = `10.60.${++counter}.1`,
) {
  return t.request({
    method: "POST",
    url,
    remoteAddress: ip,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

function cookie(
  response: Awaited<ReturnType<typeof postForm>>,
  name: string,
): string | undefined {
  const header = response.headers["set-cookie"];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((value) => value.startsWith(`${name}=`));
  return found?.slice(name.length + 1).split(";")[0];
}

describe("POST /ask?view=signup|login: the forms without JavaScript", () => {
  test("signing up sets the session cookies and answers 303 to where the visitor came from", async () => {
    const response = await postForm("/ask?view=signup&back=%2FtagList", {
      loginName: "nojs-member",
      userName: "无脚本弟兄",
      password: "grace2026",
      email: "nojs@example.org",
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe("/tagList");
    const token = decodeURIComponent(
      cookie(response, SESSION_HANDOFF_COOKIE) ?? "",
    );
    const me = await t.request({ method: "GET", url: "/tjc/auth/me", token });
    expect(me.json().data.user.loginName).toBe("nojs-member");
    expect(
      JSON.parse(decodeURIComponent(cookie(response, USER_COOKIE_NAME)!)),
    ).toMatchObject({ loginName: "nojs-member", userName: "无脚本弟兄" });

    const login = await postForm("/ask?view=login", {
      loginName: "nojs-member",
      password: "grace2026",
    });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe("/ask");
    expect(cookie(login, SESSION_HANDOFF_COOKIE)).toBeTruthy();
  });

  test("a refused form is the page again, with the reason in the visitor's language and no password", async () => {
    const wrong = await postForm(
      "/ask?view=login",
      { loginName: "nobody-here", password: "secret-typed-1" },
      { origin: ORIGIN, "accept-language": "en-US" },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers["set-cookie"]).toBeUndefined();
    expect(wrong.body).toContain("Wrong login name or password");
    expect(wrong.body).toContain('value="nobody-here"');
    expect(wrong.body).not.toContain("secret-typed-1");
    expect(wrong.body).toContain('method="post"');

    const short = await postForm(
      "/ask?view=signup",
      { loginName: "short-pass", userName: "x", password: "a1" },
      { origin: ORIGIN, "accept-language": "zh-CN" },
    );
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('<html lang="zh-CN"');
    expect(short.body).toContain("请求参数有误: ");
  });

  test("a form posted from another site is refused (login CSRF)", async () => {
    for (const headers of [
      { origin: "https://evil.example" },
      { origin: "null" },
      { referer: "https://evil.example/page" },
      {} as Record<string, string>,
    ]) {
      const response = await postForm(
        "/ask?view=login",
        { loginName: "nojs-member", password: "grace2026" },
        headers,
      );
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    const fromReferer = await postForm(
      "/ask?view=login",
      { loginName: "nojs-member", password: "grace2026" },
      { referer: `${ORIGIN}/ask?view=login` },
    );
    expect(fromReferer.statusCode).toBe(303);
  });

  test("only a path on this site is a place to go back to", async () => {
    for (const back of ["//evil.example", "https://evil.example", "/\\evil"]) {
      const response = await postForm(
        `/ask?view=login&back=${encodeURIComponent(back)}`,
        { loginName: "nojs-member", password: "grace2026" },
      );
      expect(response.headers.location, back).toBe("/ask");
    }
  });
});

import { expect, test, type Page } from "@playwright/test";

/**
 * The community's forms and pages with JavaScript off (issue 25): logging in and signing
 * up never put a password or an e-mail address in a URL.
 */
test.use({ javaScriptEnabled: false, locale: "zh-CN" });

/** Every URL the page asks for or navigates to, in order. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return urls;
}

function expectNoneHolds(urls: string[], secrets: string[]) {
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    const decoded = decodeURIComponent(url.replace(/\+/g, " "));
    for (const secret of secrets) {
      expect(decoded, url).not.toContain(secret);
    }
    expect(url, url).not.toMatch(/[?&](password|email)=/);
  }
}

test("signing up and logging in without JavaScript keep the password and e-mail out of every URL", async ({
  page,
  context,
}) => {
  const urls = recordUrls(page);
  const loginName = `nojs${Date.now().toString(36)}`;
  const password = "Grace-without-js-2026";
  const email = `${loginName}@example.org`;

  await page.goto("/ask?view=signup");
  await page.getByLabel("登录名").fill(loginName);
  await page.getByLabel("昵称").fill(`无脚本${loginName}`);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByLabel("邮箱（可选）").fill(email);
  await page.getByRole("button", { name: "注册" }).click();
  await page.waitForURL(/\/ask$/);
  const cookies = await context.cookies();
  const handoff = cookies.find((cookie) => cookie.name === "tjc-handoff");
  expect(handoff?.value).toBeTruthy();
  const me = await page.request.get("/tjc/auth/me", {
    headers: { Authorization: `Bearer ${decodeURIComponent(handoff!.value)}` },
  });
  expect((await me.json()).data.user.loginName).toBe(loginName);

  // A wrong password: the form again, with the reason in the visitor's language.
  await page.goto("/ask?view=login&back=%2FtagList");
  await page.getByLabel("登录名").fill(loginName);
  await page.getByLabel("密码", { exact: true }).fill("Wrong-password-9");
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page.getByRole("alert")).toContainText("登录名或密码错误");
  await expect(page.getByLabel("登录名")).toHaveValue(loginName);
  // Then the right one, back to where the visitor came from.
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: "登录" }).click();
  await page.waitForURL(/\/tagList$/);

  expectNoneHolds(urls, [password, "Wrong-password-9", email]);
});

test("the staff login at / cannot send a password before its script runs", async ({
  page,
}) => {
  await page.goto("/");
  // Without JavaScript there is no login form to submit at all; any form with a
  // password field must post.
  const leaking = await page
    .locator("form:has(input[type=password]):not([method=post])")
    .count();
  expect(leaking).toBe(0);
});

test("without JavaScript, / is the staff login's explanation with a link to the community", async ({
  page,
}) => {
  await page.goto("/");
  // Playwright's text and role engines skip <noscript>; read what the browser shows.
  const shown = await page.evaluate(() => document.body.innerText);
  expect(shown).toContain("这里是同工的登录页");
  expect(shown).toContain("This is the staff login");
  expect(shown).not.toMatch(/^\s*Lampstand 需要启用 JavaScript/);
  const community = page.locator('a[href="/ask"]');
  await expect(community).toHaveText(/问答社区/);
  await community.click();
  await expect(page).toHaveURL(/\/ask$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("without JavaScript, an unknown path is the public not-found page with 404, in the visitor's language", async ({
  page,
}) => {
  for (const url of ["/no-such-page", "/ask/xyz"]) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(
      page.getByRole("heading", { name: "页面不存在", level: 1 }),
    ).toBeVisible();
    await expect(
      page.getByRole("link", { name: "返回问答社区" }),
    ).toBeVisible();
  }
});

test.describe("in English", () => {
  test.use({ locale: "en-US" });
  test("the not-found page speaks the visitor's language", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "Page not found", level: 1 }),
    ).toBeVisible();
  });
});

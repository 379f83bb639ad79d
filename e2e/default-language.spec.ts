import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
} from "@playwright/test";
import { apiLogin } from "./helpers";

/**
 * The ministry configuration's default interface language (docs/believers.md): the admin
 * (through /tjc-config.js) and the public site (rendered on the server) start in it when
 * neither a saved choice nor the browser picks a supported language.
 */

async function setDefaultLanguage(
  request: APIRequestContext,
  defaultLanguage: "zh-CN" | "en-US",
): Promise<void> {
  const { token } = await apiLogin(request);
  const headers = { authorization: `Bearer ${token}` };
  const current = await (
    await request.get("/tjc/ministry-config", { headers })
  ).json();
  const { updatedAt: _a, updatedBy: _b, ...body } = current.data;
  const saved = await (
    await request.put("/tjc/ministry-config", {
      headers,
      data: {
        ...body,
        identity: { ...body.identity, name: body.identity.name || "灯台" },
        defaultLanguage,
      },
    })
  ).json();
  expect(saved.code, JSON.stringify(saved)).toBe(0);
}

async function open(browser: Browser, locale: string, path: string) {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

test("a visitor with no choice and an unsupported browser language starts in the ministry's default", async ({
  browser,
  request,
}) => {
  await setDefaultLanguage(request, "en-US");
  try {
    const french = await open(browser, "fr-FR", "/login");
    await expect(
      french.page.getByText("Sign in to the back office"),
    ).toBeVisible();
    await expect(french.page.locator("html")).toHaveAttribute("lang", "en-US");
    await french.page.goto("/tagList");
    await expect(french.page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(
      french.page.getByRole("heading", { name: "Q&A tags" }),
    ).toBeVisible();
    await french.context.close();

    // A browser asking for a supported language comes before the default.
    const chinese = await open(browser, "zh-CN", "/login");
    await expect(chinese.page.getByText("请登录管理后台")).toBeVisible();
    await chinese.page.goto("/tagList");
    await expect(
      chinese.page.getByRole("heading", { name: "问答标签" }),
    ).toBeVisible();
    await chinese.context.close();
  } finally {
    await setDefaultLanguage(request, "zh-CN");
  }

  const back = await open(browser, "fr-FR", "/login");
  await expect(back.page.getByText("请登录管理后台")).toBeVisible();
  await back.context.close();
});

import { expect, test, type Page } from "@playwright/test";
import {
  E2E_USER_PASSWORD,
  createUserWithRole,
  expectNoSeriousA11yViolations,
  openAsUser,
  useLanguage,
} from "./helpers";

/**
 * Issue 25 items 9, 15 and 19 (the create form's flash): the back office as users with
 * little or no permission see it.
 */

test.describe.configure({ timeout: 120_000 });

const stamp = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Records every request the page makes to a /tjc path that starts with `prefix`. */
function watchRequests(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith(prefix))
      seen.push(request.url());
  });
  return seen;
}

test("a community member who logs in at /admin is told the back office is not theirs and goes to the community", async ({
  page,
  request,
}) => {
  test.slow(); // the page waits 10 s before it leaves
  const loginName = `e2e-member-${stamp()}`;
  await createUserWithRole(request, "member", loginName);
  await useLanguage(page, "zh-CN");
  await page.goto(`/login?toPath=${encodeURIComponent("/admin")}`);
  await page.locator('input[name="loginName"]').fill(loginName);
  await page.locator('input[name="password"]').fill(E2E_USER_PASSWORD);
  await page.locator('button[type="submit"]').click();

  await expect(page.getByTestId("no-back-office")).toBeVisible();
  await expect(
    page.getByText("您的账号用于问答社区，没有管理后台的权限", {
      exact: false,
    }),
  ).toBeVisible();
  // No tile, no menu: nothing of a back office they cannot use.
  await expect(page.getByRole("navigation", { name: "主菜单" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "用户管理" })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, "no back office");
  // The page leaves by itself after 10 s (after axe, even on a loaded machine).
  await expect(page).toHaveURL((url) => url.pathname === "/ask", {
    timeout: 25_000,
  });
});

test("a moderator's home shows only the tiles of pages they may open", async ({
  page,
  request,
}) => {
  const loginName = `e2e-mod-${stamp()}`;
  await createUserWithRole(request, "moderator", loginName);
  await useLanguage(page, "zh-CN");
  await openAsUser(page, loginName, "/admin");
  const main = page.locator("#main-content");
  await expect(
    main.getByRole("link", { name: "问答管理", exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  for (const name of ["用户管理", "标签管理", "事工配置", "直播设置"])
    await expect(main.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expect(
    main.getByRole("heading", { name: "系统管理", exact: true }),
  ).toHaveCount(0);
});

test("every page a user may not open shows the access-denied page: no spinner, no blank page, no form", async ({
  page,
  request,
}) => {
  const moderator = `e2e-mod-${stamp()}`;
  const editor = `e2e-ed-${stamp()}`;
  await createUserWithRole(request, "moderator", moderator);
  await createUserWithRole(request, "editor", editor);
  await useLanguage(page, "zh-CN");
  // Any form input shown before the redirect is recorded (the create form's flash).
  await page.addInitScript(() => {
    const seen = window as unknown as { formsSeen: string[] };
    seen.formsSeen = [];
    new MutationObserver(() => {
      if (document.querySelector("form input[name]"))
        seen.formsSeen.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });

  const ministryCalls = watchRequests(page, "/tjc/ministry-config");
  const liveCalls = watchRequests(page, "/tjc/live-config");
  await openAsUser(page, moderator, "/admin/configManage");
  await expect(page.getByTestId("access-denied")).toBeVisible({
    timeout: 15_000,
  });
  await expectNoSeriousA11yViolations(page, "configManage denied");
  await page.goto("/admin/configLive");
  await expect(page.getByTestId("access-denied")).toBeVisible({
    timeout: 15_000,
  });
  await page.goto("/admin/sermonManage/create");
  await expect(page.getByTestId("access-denied")).toBeVisible({
    timeout: 15_000,
  });
  expect(ministryCalls).toEqual([]);
  expect(liveCalls).toEqual([]);
  expect(
    await page.evaluate(
      () => (window as unknown as { formsSeen: string[] }).formsSeen,
    ),
  ).toEqual([]);

  const askConfigCalls = watchRequests(page, "/tjc/ask/admin/config");
  await openAsUser(page, editor, "/admin/askConfig");
  await expect(page.getByTestId("access-denied")).toBeVisible({
    timeout: 15_000,
  });
  await page.goto("/admin/askManage");
  await expect(page.getByTestId("access-denied")).toBeVisible({
    timeout: 15_000,
  });
  expect(askConfigCalls).toEqual([]);
});

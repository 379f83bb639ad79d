import { expect, test } from "@playwright/test";
import {
  apiLogin,
  createUserWithRole,
  openAs,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * The admin home's dashboard: an administrator sees every widget whose feature exists,
 * an editor the content ones only, in both languages and on a phone.
 */
// Lazy chunks, a crawl and a background run: slow on a shared CI machine.
test.describe.configure({ timeout: 90_000 });

const PASSWORD = "dashboard-e2e-password-1";

const T = {
  "zh-CN": {
    sermons: "讲道",
    tags: "标签",
    traffic: "最近 7 天访问",
    failed: "最近 24 小时失败的任务",
    audit: "最近的操作记录",
    upcoming: "即将开始的直播和定时发布",
  },
  "en-US": {
    sermons: "Sermons",
    tags: "Tags",
    traffic: "Visits, last 7 days",
    failed: "Failed jobs, last 24 hours",
    audit: "Recent activity",
    upcoming: "Upcoming live videos and scheduled content",
  },
} as const;

for (const language of ["zh-CN", "en-US"] as const) {
  const t = T[language];
  test(`${language}: an administrator sees counts with links, the 7-day chart, failed jobs, activity and upcoming content`, async ({
    page,
    request,
  }) => {
    const { token } = await apiLogin(request);
    const title = `排期${language}${Date.now()}`;
    const scheduled = await (
      await request.post("/tjc/sermons", {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          title,
          status: "scheduled",
          publishAt: new Date(Date.now() + 2 * 86400_000).toISOString(),
        },
      })
    ).json();
    expect(scheduled.code, JSON.stringify(scheduled)).toBe(0);
    await useLanguage(page, language);
    await loginViaApi(page, "/admin");
    const dashboard = page.getByTestId("dashboard");
    await expect(dashboard).toBeVisible({ timeout: 20_000 });
    for (const heading of [t.traffic, t.failed, t.audit, t.upcoming]) {
      await expect(
        dashboard.getByRole("heading", { name: heading }),
      ).toBeVisible();
    }
    // The chart library arrives lazily and draws the 7 days.
    await expect(dashboard.locator(".recharts-surface").first()).toBeVisible();
    await expect(dashboard.getByText(title)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dashboard
      .getByRole("link", { name: new RegExp(`\\d+\\s*${t.tags}`) })
      .click();
    await expect(page).toHaveURL("/admin/tagManage");
  });
}

test("an editor sees content counts and upcoming content, not traffic, jobs or activity", async ({
  page,
  request,
}) => {
  const loginName = `dash-editor-${Date.now()}`;
  await createUserWithRole(request, "editor", loginName, PASSWORD);
  await openAs(page, loginName, PASSWORD, "/admin");
  const dashboard = page.getByTestId("dashboard");
  await expect(dashboard).toBeVisible({ timeout: 20_000 });
  await expect(
    dashboard.getByRole("link", { name: /\d+\s*讲道/ }),
  ).toBeVisible();
  await expect(
    dashboard.getByRole("heading", { name: T["zh-CN"].upcoming }),
  ).toBeVisible();
  for (const heading of [
    T["zh-CN"].traffic,
    T["zh-CN"].failed,
    T["zh-CN"].audit,
  ]) {
    await expect(dashboard.getByRole("heading", { name: heading })).toHaveCount(
      0,
    );
  }
  await expect(dashboard.getByRole("link", { name: /用户/ })).toHaveCount(0);
});

test("works on a 390×844 phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaApi(page, "/admin");
  await expect(page.getByTestId("dashboard")).toBeVisible({ timeout: 20_000 });
  const overflow = await page.evaluate(
    () =>
      document.documentElement.scrollWidth -
      document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

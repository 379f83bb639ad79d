import { expect, test, type APIRequestContext } from "@playwright/test";
import { statsDayOf } from "../common/schemas/behavior";
import { apiLogin, loginViaApi, useLanguage } from "./helpers";

/** Runs the rollup job once and waits for its log to say it succeeded. */
async function rollUp(
  request: APIRequestContext,
  headers: Record<string, string>,
) {
  const jobs = await (
    await request.get(
      `/tjc/system/jobs?filter=${encodeURIComponent(JSON.stringify({ handler: "behavior.rollup" }))}`,
      { headers },
    )
  ).json();
  const run = await (
    await request.post(`/tjc/system/jobs/${jobs.data.list[0].id}/run`, {
      headers,
    })
  ).json();
  await expect
    .poll(async () => {
      const log = await (
        await request.get(`/tjc/system/job-logs/${run.data.logId}`, {
          headers,
        })
      ).json();
      return log.data.status;
    })
    .toBe("success");
}

/** The page views of one event over the screen's default range, as the server counts them. */
async function eventViews(
  request: APIRequestContext,
  headers: Record<string, string>,
  key: string,
): Promise<number> {
  const range = `from=${statsDayOf(Date.now() - 6 * 24 * 3600 * 1000)}&to=${statsDayOf(Date.now())}`;
  const stats = await (
    await request.get(`/tjc/system/behavior-stats?${range}`, { headers })
  ).json();
  const events: { key: string; pv: number }[] = stats.data.events;
  return events.find((event) => event.key === key)?.pv ?? 0;
}

/**
 * The behaviour statistics end to end: the /ubTest pages send known page views, clicks and
 * stays; the rollup job runs once; the statistics screen shows the numbers, in both
 * languages.
 */
for (const language of ["zh-CN", "en-US"] as const) {
  test(`${language}: test pages → rollup → the numbers on the statistics screen`, async ({
    page,
    request,
  }) => {
    const click = language === "zh-CN" ? "点一下" : "Click me";
    const { token } = await apiLogin(request);
    const headers = { Authorization: `Bearer ${token}` };
    // What earlier runs left (the other language, or this test's first try) is rolled up
    // and counted first, so this run's clicks are what it adds.
    await rollUp(request, headers);
    const before = await eventViews(request, headers, "ubTest3-click");
    await useLanguage(page, language);
    await page.goto("/ubTest3");
    const beacons: string[] = [];
    page.context().on("request", (r) => {
      if (r.url().endsWith("/tjc/public/behavior")) beacons.push(r.url());
    });
    const button = page.getByRole("button", { name: click });
    const clicks = language === "zh-CN" ? 3 : 4;
    for (let i = 0; i < clicks; i++) await button.click();
    await page.waitForTimeout(1200); // a timed stay
    // The tab is hidden (as when the visitor switches away): the batch goes out.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", {
        value: "hidden",
        configurable: true,
      });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(() => beacons.length).toBeGreaterThan(0);
    // The server writes events once a second; then the rollup job runs once.
    await page.waitForTimeout(1500);
    await rollUp(request, headers);
    const views = await eventViews(request, headers, "ubTest3-click");
    expect(views).toBe(before + clicks);

    const statsAnswer = page.waitForResponse((response) =>
      response.url().includes("/tjc/system/behavior-stats?"),
    );
    await loginViaApi(page, "/admin/system/userBehaviorStat");
    const events = page.getByTestId("events");
    const row = events.getByRole("row").filter({ hasText: "ubTest3-click" });
    // The row's page views are the server's count: the name, then the number.
    await expect(row.getByRole("cell").nth(1)).toHaveText(String(views));
    // The screen's top pages are the server's top ten of the day. The whole suite shares
    // one server, so /ubTest3 may rank below ten busier public pages: the screen is held to
    // the server's own list, and /ubTest3 to it when it made the list.
    const stats = await (await statsAnswer).json();
    const topPaths: { key: string }[] = stats.data.topPaths;
    expect(topPaths.length).toBeGreaterThan(0);
    const topPages = page.getByTestId("top-pages").getByRole("row");
    await expect(
      topPages.filter({ hasText: topPaths[0]!.key }).first(),
    ).toBeVisible();
    if (topPaths.some((row) => row.key === "/ubTest3"))
      await expect(topPages.filter({ hasText: "/ubTest3" })).toBeVisible();
    else expect(topPaths).toHaveLength(10);
    await expect(page.getByTestId("total-pv")).not.toHaveText("0");
    await expect(
      page.getByText(
        language === "zh-CN"
          ? "每日浏览量与访客数"
          : "Page views and visitors per day",
      ),
    ).toBeVisible();
    // The chart library came with the screen, not with the first page.
    await expect(page.locator(".recharts-wrapper").first()).toBeVisible();
  });
}

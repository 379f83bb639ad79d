import { expect, test } from "@playwright/test";
import { apiLogin, loginViaApi, useLanguage } from "./helpers";

/**
 * Issue 25 item 17: deleting a channel that still has live videos showed the generic
 * "数据冲突：记录已被修改或存在重复值", although the answer's data.errors said why.
 */

test("deleting a channel that still has live videos says why", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const headers = { authorization: `Bearer ${token}` };
  const channel = await (
    await request.post("/tjc/channels", {
      headers,
      data: { name: `频道 ${Date.now().toString(36)}` },
    })
  ).json();
  expect(channel.code, JSON.stringify(channel)).toBe(0);
  const video = await (
    await request.post("/tjc/live-videos", {
      headers,
      data: {
        title: "主日聚会",
        channelId: channel.data.id,
        scheduledStart: new Date(Date.now() + 86_400_000).toISOString(),
        scheduledEnd: new Date(Date.now() + 90_000_000).toISOString(),
      },
    })
  ).json();
  expect(video.code, JSON.stringify(video)).toBe(0);

  await useLanguage(page, "zh-CN");
  await loginViaApi(page, `/admin/channelManage/${channel.data.id}`);
  await page.getByRole("button", { name: "删除" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "确认" }).click();
  await expect(
    page.getByText("该频道仍有直播视频或被直播设置引用，不能删除"),
  ).toBeVisible();
  await expect(
    page.getByText("数据冲突：记录已被修改或存在重复值"),
  ).toHaveCount(0);
  // Still there: nothing was deleted.
  const still = await (
    await request.get(`/tjc/channels/${channel.data.id}`, { headers })
  ).json();
  expect(still.code).toBe(0);
});

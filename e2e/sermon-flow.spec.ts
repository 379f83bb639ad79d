import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { apiLogin, loginViaApi, useLanguage } from "./helpers";

const MP3 = fs.readFileSync(
  path.resolve(import.meta.dirname, "../fixtures/media/sample.mp3"),
);

/** The local "YYYY-MM-DDTHH:mm" a datetime-local input takes, a day from now. */
function tomorrowLocal(): string {
  const time = new Date(Date.now() + 24 * 3600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}T${pad(time.getHours())}:${pad(time.getMinutes())}`;
}

/**
 * Issue 11's end-to-end path, as far as main has it: upload audio (its progress shown),
 * create a sermon with it, schedule it, edit it, and restore the first revision. The
 * public API and podcast steps wait for the public read API (content-b) to land on main.
 */
test("zh-CN: upload audio, create a sermon with it, schedule it, edit it and restore the first revision", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await useLanguage(page, "zh-CN");
  await loginViaApi(page, "/admin/sermonManage/create");
  const title = page.getByRole("textbox", { name: "标题", exact: true });
  await title.fill(`主日信息 ${stamp}`);

  // Held back a little on its way, so the progress bar can be seen.
  await page.route("**/tjc/files", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByTestId("media-file-audioFileId").setInputFiles({
    name: `sermon-${stamp}.mp3`,
    mimeType: "audio/mpeg",
    buffer: MP3,
  });
  await expect(
    page.getByRole("progressbar", { name: /正在上传/ }),
  ).toBeVisible();
  await expect(page.getByRole("progressbar", { name: /正在上传/ })).toHaveCount(
    0,
    {
      timeout: 15_000,
    },
  );
  await expect(page.locator("audio")).toHaveCount(1);
  await page.unroute("**/tjc/files");

  // Scheduled for tomorrow.
  await page.getByRole("combobox", { name: "状态" }).click();
  await page.getByRole("option", { name: "定时发布" }).click();
  await page.getByLabel("定时发布时间").fill(tomorrowLocal());
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/sermonManage\/\d+$/);
  const id = Number(page.url().split("/").pop());

  const { token } = await apiLogin(page.request);
  const read = async () =>
    (
      await (
        await page.request.get(`/tjc/sermons/${id}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).json()
    ).data;
  const scheduled = await read();
  expect(scheduled).toMatchObject({
    title: `主日信息 ${stamp}`,
    status: "scheduled",
    audioFileId: expect.any(Number),
  });
  expect(Date.parse(scheduled.publishAt)).toBeGreaterThan(Date.now());

  // Edit it.
  const revisions = page.getByRole("list", { name: "历史版本" });
  await expect(revisions.getByRole("listitem")).toHaveCount(1);
  await title.fill(`主日信息（更正） ${stamp}`);
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL(/\/admin\/sermonManage$/);
  expect((await read()).title).toBe(`主日信息（更正） ${stamp}`);

  // Restore the first revision: the old title comes back, still scheduled, with its audio.
  await page.goto(`/admin/sermonManage/${id}`);
  await expect(revisions.getByRole("listitem")).toHaveCount(2);
  await revisions.getByRole("button", { name: /对比/ }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: "恢复此版本" })
    .click();
  await expect(title).toHaveValue(`主日信息 ${stamp}`);
  const restored = await read();
  expect(restored).toMatchObject({
    title: `主日信息 ${stamp}`,
    status: "scheduled",
    audioFileId: scheduled.audioFileId,
    publishAt: scheduled.publishAt,
  });
});

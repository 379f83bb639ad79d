import { expect, test } from "@playwright/test";
import { contentScreenSpecs } from "./content-screens";
import { loginViaApi } from "./helpers";

// /admin/videoManage: an mp4 uploaded with the form, played in place in the list.
contentScreenSpecs({
  page: "videoManage",
  api: "videos",
  fileField: "videoFileId",
  sample: "sample.mp4",
  player: (page) => page.locator("tr video").first(),
});

test("a link instead of a file: refused unless https mp4, HLS, YouTube or Bilibili; embedded in place", async ({
  page,
}) => {
  await loginViaApi(page, "/admin/videoManage/create");
  const name = `链接${Date.now()}`;
  await page.getByRole("textbox", { name: "标题", exact: true }).fill(name);
  const link = page.getByRole("textbox", { name: "视频链接", exact: true });
  await link.fill("http://example.org/a.avi");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(
    page.getByText(
      "请填写 https 开头的 mp4、HLS（.m3u8）、YouTube 或哔哩哔哩链接",
    ),
  ).toBeVisible();
  await link.fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL("/admin/videoManage");
  const row = page.getByRole("row").filter({ hasText: name });
  await row.locator("[aria-expanded]").first().click();
  await expect(page.locator(`iframe[title="${name}"]`)).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );
});

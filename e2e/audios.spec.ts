import { expect, test } from "@playwright/test";
import { contentScreenSpecs, uploadSample } from "./content-screens";
import {
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

// /admin/audioManage: an mp3 uploaded with the form, played in place in the list.
contentScreenSpecs({
  page: "audioManage",
  api: "audios",
  fileField: "audioFileId",
  sample: "sample.mp3",
  player: (page) => page.locator("tr audio").first(),
});

test("zh-CN: the media-library dialog is named and passes axe, and a file is chosen from it", async ({
  page,
}) => {
  await useLanguage(page, "zh-CN");
  const token = await loginViaApi(page, "/admin/audioManage/create");
  await uploadSample(page.request, token, "sample.mp3");
  await page.getByRole("button", { name: "从媒体库选择" }).first().click();
  const dialog = page.getByRole("dialog", { name: "媒体库：音频" });
  await expect(dialog).toBeVisible();
  const file = dialog.getByRole("button", { name: /sample\.mp3/ }).first();
  await expect(file).toBeVisible();
  await expectNoSeriousA11yViolations(
    page,
    "/admin/audioManage/create, media library open",
  );
  await file.click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("media-preview").first()).toBeVisible();
});

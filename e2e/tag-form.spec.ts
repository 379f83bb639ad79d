import { expect, test, type Page } from "@playwright/test";
import { apiLogin, loginViaApi, useLanguage } from "./helpers";

/**
 * Every kind of invalid input a person can give the tags form, in both languages. The
 * messages are the app's own sentences (common/validation-wording), shown in the form
 * before any request, and the page never crashes. Later forms copy this spec's cases.
 */
const CASES = {
  "zh-CN": {
    name: "名称",
    sortOrder: "排序",
    save: "保存",
    required: "此项为必填项",
    tooLong: "最多 64 个字符",
    minValue: "不能小于 0",
    integer: "请输入整数",
    maxValue: "不能大于 1000000",
    nothingToSave: "尚未修改，无需保存",
  },
  "en-US": {
    name: "Name",
    sortOrder: "Sort order",
    save: "Save",
    required: "This field is required",
    tooLong: "Enter at most 64 characters",
    minValue: "Must be 0 or more",
    integer: "Enter a whole number",
    maxValue: "Must be 1000000 or less",
    nothingToSave: "No changes to save yet",
  },
} as const;

function watchPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (r) => {
    if (
      r.method() !== "GET" &&
      new URL(r.url()).pathname.startsWith("/tjc/tags")
    )
      posts.push(r.url());
  });
  return posts;
}

async function expectNoCrash(page: Page) {
  await expect(page.getByText(/Something went wrong|页面出错了/)).toHaveCount(
    0,
  );
}

for (const language of ["zh-CN", "en-US"] as const) {
  const t = CASES[language];

  test(`${language}: every invalid input gets the app's own message, before any request`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await loginViaApi(page, "/admin/tagManage/create");
    const posts = watchPosts(page);
    const name = page.getByRole("textbox", { name: t.name, exact: true });
    const sortOrder = page.getByRole("spinbutton", {
      name: t.sortOrder,
      exact: true,
    });
    const save = page.getByRole("button", { name: t.save });

    // The required field is marked, and Save says why it is greyed out.
    await expect(
      page.locator("label", { hasText: t.name }).filter({ hasText: "*" }),
    ).toHaveCount(1);
    await expect(save).toBeDisabled();
    await expect(page.getByText(t.nothingToSave)).toBeVisible();

    // Typed, then emptied: the most common mistake once crashed the page.
    await name.fill("x");
    await name.fill("");
    await save.click();
    await expect(page.getByText(t.required)).toBeVisible();
    await expectNoCrash(page);

    await name.fill("   ");
    await save.click();
    await expect(page.getByText(t.required)).toBeVisible();

    await name.fill("x".repeat(65));
    await save.click();
    await expect(page.getByText(t.tooLong)).toBeVisible();

    await name.fill(`表单${language}${Date.now()}`);
    for (const [value, message] of [
      ["-1", t.minValue],
      ["1.5", t.integer],
      ["2000000", t.maxValue],
    ] as const) {
      await sortOrder.fill(value);
      await save.click();
      await expect(page.getByText(message)).toBeVisible();
      // the browser's own tooltip (in the browser's language) never takes over
      expect(
        await sortOrder.evaluate(
          (el: HTMLInputElement) => el.validationMessage,
        ),
      ).toBe("");
    }
    await expectNoCrash(page);
    expect(posts).toEqual([]);

    // An emptied optional number is sent as null and takes its default.
    await sortOrder.fill("");
    const created = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" &&
        new URL(r.url()).pathname === "/tjc/tags",
    );
    await save.click();
    const answer = await (await created).json();
    expect(answer.code).toBe(0);
    expect(answer.data.sortOrder).toBe(0);
    await expect(page).toHaveURL("/admin/tagManage");
    expect(posts).toHaveLength(1);
  });
}

test("clearing the sort order on edit saves it back to 0", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const created = await (
    await request.post("/tjc/tags", {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `清空${Date.now()}`, sortOrder: 5 },
    })
  ).json();
  await loginViaApi(page, `/admin/tagManage/${created.data.id}`);
  const sortOrder = page.getByRole("spinbutton", { name: "排序", exact: true });
  await expect(sortOrder).toHaveValue("5");
  await sortOrder.fill("");
  await page.getByRole("button", { name: "保存" }).click();
  await expect(page).toHaveURL("/admin/tagManage");
  const saved = await (
    await request.get(`/tjc/tags/${created.data.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json();
  expect(saved.data).toMatchObject({ sortOrder: 0, version: 2 });
});

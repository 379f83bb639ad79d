import { expect, test, type Page } from "@playwright/test";

/**
 * The members' editor on the ask form, typed as a person types (issue 25): the list
 * button keeps the caret where it was, and a quote can be left.
 */
test.use({ locale: "zh-CN" });

async function openAskForm(page: Page) {
  const loginName = `ed${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  await page.goto("/ask?view=signup");
  await page.locator('input[name="loginName"]').fill(loginName);
  await page.locator('input[name="userName"]').fill(`${loginName}-name`);
  await page.locator('input[name="password"]').fill("grace2026");
  await page.locator("form").getByRole("button", { name: "注册" }).click();
  await expect(page).toHaveURL(/\/ask$/);
  await page.goto("/ask?view=ask");
  const editor = page.getByRole("textbox", { name: "问题描述" });
  await expect(editor).toBeVisible();
  await editor.click();
  return editor;
}

const button = (page: Page, name: string) =>
  page.getByRole("toolbar").getByRole("button", { name, exact: true });

test("the list button keeps the caret: text stays in typing order", async ({
  page,
}) => {
  const editor = await openAskForm(page);
  await page.keyboard.type("我刚信主不久。");
  await button(page, "列表").click();
  await page.keyboard.type("感恩");
  await page.keyboard.press("Enter");
  await page.keyboard.type("认罪");
  const items = await editor.locator("ul > li").allTextContents();
  expect(items).toEqual(["我刚信主不久。感恩", "认罪"]);
  await expect(editor).toHaveText("我刚信主不久。感恩认罪");
});

test("a quote is left by Enter on an empty line, and the quote button toggles it off", async ({
  page,
}) => {
  const editor = await openAskForm(page);
  await page.keyboard.type("经上说：");
  await page.keyboard.press("Enter");
  await button(page, "引用").click();
  await page.keyboard.type("神爱世人");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("我的感想");
  await expect(editor.locator("blockquote")).toHaveCount(1);
  await expect(editor.locator("blockquote")).toHaveText("神爱世人");
  // The line typed after leaving is not quoted, and came after the quote.
  const after = await editor.evaluate((element) => {
    const quote = element.querySelector("blockquote")!;
    return {
      quoted: quote.textContent,
      text: element.textContent,
    };
  });
  expect(after).toEqual({
    quoted: "神爱世人",
    text: "经上说：神爱世人我的感想",
  });

  // Back into the quote: the button takes it away, keeping the words and the caret.
  await editor.locator("blockquote").click();
  await button(page, "引用").click();
  await expect(editor.locator("blockquote")).toHaveCount(0);
  await page.keyboard.press("End");
  await page.keyboard.type("！");
  await expect(editor).toHaveText("经上说：神爱世人！我的感想");
});

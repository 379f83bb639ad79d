import { expect, test } from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * Issue 16 in the admin: a list filtered by a keyword marks the matched words (and shows
 * a snippet of the body that matched), a traditional title is found by the simplified
 * word, and a sermon's passage is a link in the reader's language to the list filtered
 * by that passage. In both languages.
 */
const TEXT = {
  "zh-CN": {
    search: "搜索",
    reference: "约翰福音 3:16",
    passage: "经文",
    book: "约翰福音",
    notYet: "尚不是经文出处",
  },
  "en-US": {
    search: "Search",
    reference: "John 3:16",
    passage: "Passage",
    book: "John",
    notYet: "Not a scripture reference yet",
  },
} as const;

test.setTimeout(120_000);

for (const language of ["zh-CN", "en-US"] as const) {
  test(`sermons: highlighted matches and passage links (${language})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[language];
    const { token } = await apiLogin(request);
    const headers = { Authorization: `Bearer ${token}` };
    const stamp = Date.now().toString(36);
    const filler = "弟兄姊妹在安息日聚会，一同敬拜赞美，查考圣经。".repeat(8);
    const created = await request.post("/tjc/sermons", {
      headers,
      data: {
        // Traditional script: the simplified query below still finds and marks it.
        title: `週三禱告會 ${stamp}`,
        passage: "约翰福音3:16",
        body: `<p>${filler}我们一同祷告，凡事谢恩。<b>${stamp}</b></p>`,
      },
    });
    const sermon = (await created.json()).data as { id: number };
    expect(sermon.id).toBeGreaterThan(0);
    // Another sermon on a passage that does not touch John 3:16.
    await request.post("/tjc/sermons", {
      headers,
      data: { title: `诗篇 ${stamp}`, passage: "诗篇23篇" },
    });

    await useLanguage(page, language);
    await loginViaApi(page, "/admin/sermonManage");
    await page.getByPlaceholder(text.search).fill(`祷告 ${stamp}`);
    await expect(page).toHaveURL(/filter=/);
    const row = page.getByRole("row").filter({ hasText: stamp });
    await expect(row).toHaveCount(1);
    const marks = row.locator("mark");
    await expect(marks.first()).toHaveText("禱告");
    // The body matched too: its snippet, cut around the match, is under the title.
    const snippet = row.locator("[data-snippet=body]");
    await expect(snippet).toContainText("一同祷告");
    await expect(snippet.locator("mark").first()).toHaveText("祷告");
    await expect(snippet).toContainText("…");

    // The passage, in the reader's language, links to the list filtered by it.
    const link = row.getByRole("link", { name: text.reference });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/passage/);
    await expect(page.getByLabel(text.passage)).toHaveValue(text.reference);
    await expect(
      page.getByRole("row").filter({ hasText: `週三禱告會 ${stamp}` }),
    ).toHaveCount(1);
    await expect(
      page.getByRole("row").filter({ hasText: `诗篇 ${stamp}` }),
    ).toHaveCount(0);

    // A reference half typed (a book, no chapter yet) is not applied: the field says so,
    // no error pops up, and the list keeps the last passage until the rest is typed.
    const field = page.getByLabel(text.passage);
    await field.fill(text.book);
    await expect(page.getByText(text.notYet)).toBeVisible();
    await expectNoSeriousA11yViolations(page, "sermons, passage half typed");
    await page.waitForTimeout(800); // past the filter form's 500 ms debounce
    await expect(page.getByRole("alert")).toHaveCount(0);
    const passageInUrl = () =>
      JSON.parse(new URL(page.url()).searchParams.get("filter") ?? "{}")
        .passage as string | undefined;
    expect(passageInUrl()).toBe(text.reference);
    await expect(
      page.getByRole("row").filter({ hasText: `週三禱告會 ${stamp}` }),
    ).toHaveCount(1);
    await field.fill(`${text.book} 1`);
    await expect(page.getByText(text.notYet)).toBeHidden();
    await expect.poll(passageInUrl).toBe(`${text.book} 1`);
    await expect(
      page.getByRole("row").filter({ hasText: `週三禱告會 ${stamp}` }),
    ).toHaveCount(0);
    // Too long for a reference: said at once, and the list keeps its filter.
    await field.fill("约".repeat(101));
    await expect(
      page.locator(".MuiFormHelperText-root").filter({ hasText: "100" }),
    ).toBeVisible();
    expect(passageInUrl()).toBe(`${text.book} 1`);

    // On a phone the hint shows under the field too, and the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await field.fill(text.book);
    await expect(page.getByText(text.notYet)).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= window.innerWidth,
      ),
    ).toBe(true);
  });
}

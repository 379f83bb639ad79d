import { expect, test } from "@playwright/test";
import { apiLogin, expectNoSeriousA11yViolations } from "./helpers";

/**
 * Issue 16: a sermon and a question linked by one passage, on the public question page,
 * in both languages on a phone: the question's reference shows in the reader's language,
 * links to the questions on it, and the page lists the sermon on the same passage.
 */
const TEXT = {
  "zh-CN": {
    reference: "约翰福音 3:16",
    related: "本段经文的其他问题和讲道",
    sermon: "讲道",
    questionsOn: "关于 约翰福音 3:16 的问题",
    notReference: "不是有效的经文出处",
  },
  "en-US": {
    reference: "John 3:16",
    related: "Other questions and sermons on this passage",
    sermon: "Sermon",
    questionsOn: "Questions on John 3:16",
    notReference: "is not a scripture reference",
  },
} as const;

test.use({ viewport: { width: 390, height: 844 } });
// Two languages, each a page, a click and two axe runs: more than the default 30 s on a busy machine.
test.setTimeout(180_000);

test("a sermon and a question on one passage link to each other, in both languages", async ({
  browser,
  request,
  baseURL,
}) => {
  const { token } = await apiLogin(request);
  const headers = { Authorization: `Bearer ${token}` };
  const stamp = Date.now().toString(36);
  const tag = await request.post("/tjc/ask/admin/tags", {
    headers,
    data: { name: `经文${stamp}`, nameEn: `passage${stamp}` },
  });
  const tagId = (await tag.json()).data.id as number;
  const sermon = await request.post("/tjc/sermons", {
    headers,
    data: { title: `神爱世人 ${stamp}`, passage: "约翰福音3:16-18" },
  });
  const sermonBody = await sermon.json();
  expect(sermonBody.code).toBe(0);
  const published = await request.post("/tjc/sermons/publishing", {
    headers,
    data: { action: "publish", ids: [sermonBody.data.id] },
  });
  expect((await published.json()).code).toBe(0);
  const question = await request.post("/tjc/ask/questions", {
    headers,
    data: {
      title: `“世人”指谁？${stamp}`,
      body: "<p>读到约3:16，想问这里的世人指谁。</p>",
      tagIds: [tagId],
    },
  });
  const questionBody = await question.json();
  expect(questionBody.code, JSON.stringify(questionBody)).toBe(0);
  const questionId = questionBody.data.id as number;

  for (const language of ["zh-CN", "en-US"] as const) {
    const text = TEXT[language];
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
    });
    await context.addCookies([
      { name: "aid-language", value: language, url: baseURL! },
    ]);
    const page = await context.newPage();
    await page.goto(`/topicDetail?id=${questionId}`);
    const reference = page.getByRole("link", { name: text.reference });
    await expect(reference).toBeVisible();
    const related = page.getByRole("region", { name: text.related });
    await expect(related).toBeVisible();
    await expect(related).toContainText(text.sermon);
    await expect(
      related.getByRole("link", { name: `神爱世人 ${stamp}` }),
    ).toHaveAttribute("href", `/sermons/${sermonBody.data.id}`);
    await expectNoSeriousA11yViolations(page);

    await reference.click();
    await expect(page).toHaveURL(/\/ask\?passage=John\.3\.16/);
    await expect(page.getByText(text.questionsOn)).toBeVisible();
    await expect(
      page.getByRole("link", { name: `“世人”指谁？${stamp}` }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A reference that names no passage says so, and lists nothing.
    await page.goto("/ask?passage=nonsense");
    await expect(page.getByText(text.notReference)).toBeVisible();
    await expect(page.locator(".post")).toHaveCount(0);
    await context.close();
  }
});

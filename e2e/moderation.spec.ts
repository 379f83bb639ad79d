import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import {
  apiLogin,
  expectNoSeriousA11yViolations,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * Q&A moderation (issue 15): the end-to-end flow (review word → approve; report → hide
 * the answer and mute its author for a day → the author sees 42300 with the time → lift →
 * the author posts again), and each screen in both languages with bad input, axe and a
 * phone viewport.
 */
let serial = 0;
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(serial += 1)}`;

async function api(
  request: APIRequestContext,
  method: "get" | "post" | "put",
  url: string,
  data?: unknown,
) {
  const { token } = await apiLogin(request);
  const response = await request[method](url, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  return response.json();
}

async function makeTag(
  request: APIRequestContext,
): Promise<{ id: number; name: string }> {
  const name = unique("mtag");
  const body = await api(request, "post", "/tjc/ask/admin/tags", {
    name,
    nameEn: name,
  });
  expect(body.code).toBe(0);
  return { id: body.data.id, name };
}

/** Adds (or removes) one banned word, keeping the others' words: specs run side by side. */
async function setWord(request: APIRequestContext, word: string, add: boolean) {
  const current = (await api(request, "get", "/tjc/ask/admin/config")).data;
  const bannedWords = current.bannedWords.filter(
    (entry: { word: string }) => entry.word !== word,
  );
  if (add) bannedWords.push({ word, action: "review" });
  const saved = await api(request, "put", "/tjc/ask/admin/config", {
    ...current,
    bannedWords,
  });
  expect(saved.code).toBe(0);
}

async function member(browser: Browser, language: "zh-CN" | "en-US") {
  const context = await browser.newContext({ locale: language });
  await context.addCookies([
    {
      name: "aid-language",
      value: language,
      url: test.info().project.use.baseURL ?? "http://127.0.0.1:8080",
    },
  ]);
  const page = await context.newPage();
  const loginName = unique("mm");
  const response = await page.request.post("/tjc/public/signup", {
    data: { loginName, userName: `${loginName}-name`, password: "grace2026" },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  await page.goto("/ask");
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("token", token);
      document.cookie = `user=${encodeURIComponent(JSON.stringify(user))}; path=/; max-age=86400`;
    },
    { token: body.data.token, user: body.data.user },
  );
  return {
    page,
    token: body.data.token as string,
    userId: body.data.user.userId as number,
    userName: `${loginName}-name`,
  };
}

/** Answers on the public page as a member does; the answer's envelope code. */
async function answerOnPage(
  page: Page,
  questionId: number,
  text: string,
): Promise<number> {
  await page.goto(`/topicDetail?id=${questionId}`);
  await page.getByRole("button", { name: "撰写回答" }).click();
  const box = page.getByRole("textbox");
  await box.click();
  await box.pressSequentially(text);
  // Until the answer is saved, its text is on the page anyway: in the editor.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" &&
      new URL(response.url()).pathname ===
        `/tjc/ask/questions/${questionId}/answers`,
  );
  await page.getByRole("button", { name: "发布回答" }).click();
  return (await (await saved).json()).code as number;
}

test("end to end: review word → approve; report → hide + mute a day → 42300 with the time → lift → posts again", async ({
  browser,
  request,
  page,
}) => {
  test.setTimeout(180_000);
  const tag = await makeTag(request);
  const word = unique("reviewword");
  await setWord(request, word, true);
  try {
    // A member asks with a review word: the question waits.
    const asker = await member(browser, "zh-CN");
    await asker.page.goto("/ask?view=ask");
    const title = `请问 ${word} 是什么意思？`;
    await asker.page.locator('input[name="title"]').fill(title);
    await asker.page.getByLabel(tag.name).check();
    const editor = asker.page.getByRole("textbox", {
      name: /问题描述|Details/,
    });
    await editor.click();
    await editor.pressSequentially("想请教大家。");
    await asker.page.getByRole("button", { name: "发布问题" }).click();
    await expect(asker.page.getByRole("status")).toContainText(
      "审核通过后公开",
    );

    // The moderator approves it from the review queue.
    await useLanguage(page, "zh-CN");
    await loginViaApi(page, "/admin/askManage");
    await expect(
      page.getByRole("navigation", { name: "主菜单" }),
    ).toContainText("问答管理");
    await page.getByRole("tab", { name: "审核队列" }).click();
    const item = page.locator("[data-review-item]").filter({ hasText: word });
    await expect(item).toContainText(`含审核词：${word}`);
    await item.getByRole("button", { name: "通过" }).click();
    await expect(item).toHaveCount(0);
    const questions = await api(
      request,
      "get",
      `/tjc/ask/questions?filter=${encodeURIComponent(JSON.stringify({ q: word }))}`,
    );
    const question = questions.data.list.find(
      (q: { title: string }) => q.title === title,
    );
    expect(question).toBeTruthy();

    // A member answers; a second member reports the answer.
    const author = await member(browser, "zh-CN");
    expect(
      await answerOnPage(author.page, question.id, "这是一个粗鲁的回答"),
    ).toBe(0);
    await expect(author.page.getByText("这是一个粗鲁的回答")).toBeVisible();
    const answers = await api(
      request,
      "get",
      `/tjc/ask/questions/${question.id}/answers`,
    );
    const answerId = answers.data.list[0].id as number;
    const reporter = await member(browser, "zh-CN");
    const report = await reporter.page.request.post("/tjc/ask/reports", {
      headers: { Authorization: `Bearer ${reporter.token}` },
      data: {
        targetType: "answer",
        targetId: answerId,
        reason: "abuse",
        text: "语气不好",
      },
    });
    expect((await report.json()).code).toBe(0);

    // The moderator hides the answer from the complaints screen, then mutes its author for a day.
    await page.goto("/admin/askComplaintManage");
    const group = page.locator(`[data-report-group="answer:${answerId}"]`);
    await expect(group).toContainText("辱骂或攻击 × 1");
    await expect(group).toContainText(reporter.userName);
    // Hiding asks for the reason first, as the question grid does.
    await group.getByRole("button", { name: "隐藏" }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: "执行" })
      .click();
    await expect(page.getByRole("dialog")).toContainText("必填");
    await page.getByRole("dialog").getByRole("textbox").fill("辱骂他人");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: "执行" })
      .click();
    await expect(group).toHaveCount(0);
    await page.getByRole("tab", { name: "已处理" }).click();
    const handled = page.locator(`[data-report-group^="answer:${answerId}+"]`);
    await expect(handled).toBeVisible();
    await expect(handled).toContainText("辱骂他人");
    // Its link opens the question, at the answer.
    await handled.getByRole("link").click();
    await expect(page).toHaveURL(
      new RegExp(
        `/admin/topicDetailManage\\?id=${question.id}#answer-${answerId}$`,
      ),
    );
    const card = page.locator(`[data-answer-id="${answerId}"]`);
    await expect(card).toBeInViewport();
    await expect(card).toContainText("已隐藏");
    await card.getByRole("button", { name: "禁言作者" }).click();
    await page.getByRole("dialog").getByLabel("原因").fill("辱骂");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: "禁言作者" })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // The author is told until when on the public site.
    expect(await answerOnPage(author.page, question.id, "再说一句")).toBe(
      42300,
    );
    await expect(author.page.getByRole("alert")).toContainText(
      "你已被禁言，直到",
    );

    // The moderator lifts the mute; the author can post again.
    await page.goto("/admin/askKeepSilenceManage");
    const row = page
      .locator("[data-mute-id]")
      .filter({ hasText: author.userName });
    await row.getByRole("button", { name: "解除禁言" }).click();
    await expect(row).toHaveCount(0);
    expect(await answerOnPage(author.page, question.id, "我改正了")).toBe(0);
    await expect(author.page.getByText("我改正了")).toBeVisible();
    await Promise.all(
      [asker, author, reporter].map(({ page: p }) => p.context().close()),
    );
  } finally {
    await setWord(request, word, false);
  }
});

for (const language of ["zh-CN", "en-US"] as const) {
  const words =
    language === "zh-CN"
      ? {
          required: "必填",
          save: "保存",
          create: "新建",
          hide: "隐藏",
          apply: "执行",
          merge: "合并",
          mute: "禁言作者",
          range: "之间的整数",
          tooLong: "最多",
        }
      : {
          required: "required",
          save: "Save",
          create: "Create",
          hide: "Hide",
          apply: "Apply",
          merge: "Merge",
          mute: "Mute author",
          range: "A whole number",
          tooLong: "at most",
        };

  test(`each moderation screen in ${language}: bad input, axe, a phone`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, language);
    const tag = await makeTag(request);
    const member1 = await member(page.context().browser()!, language);
    const ask = await member1.page.request.post("/tjc/ask/questions", {
      headers: { Authorization: `Bearer ${member1.token}` },
      data: {
        title: unique("A question to moderate "),
        body: "<p>x</p>",
        tagIds: [tag.id],
      },
    });
    const question = (await ask.json()).data;

    const noSideways = async () =>
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= window.innerWidth + 1,
        ),
      ).toBe(true);

    // Questions: hiding needs a reason; nothing is sent without one.
    await loginViaApi(page, "/admin/askManage");
    // The list's keyword filter (react-admin's search box) applies as it is typed.
    await page.locator('input[name="q"]').fill(question.title);
    const row = page.locator(`[data-question-id="${question.id}"]`);
    await row.getByRole("button", { name: words.hide, exact: true }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.apply })
      .click();
    await expect(page.getByRole("dialog")).toContainText(words.required);
    await page.getByRole("dialog").getByRole("textbox").fill("r".repeat(501));
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.apply })
      .click();
    await expect(page.getByRole("dialog")).toContainText(words.tooLong);
    await page.getByRole("dialog").getByRole("textbox").fill("spam");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.apply })
      .click();
    await expect(row).toContainText(language === "zh-CN" ? "已隐藏" : "Hidden");
    await expectNoSeriousA11yViolations(page, "askManage");
    await noSideways();

    // A topic's answers.
    await page.goto(`/admin/topicDetailManage?id=${question.id}`);
    await expect(page.getByRole("heading", { level: 2 }).first()).toContainText(
      question.title,
    );
    await expectNoSeriousA11yViolations(page, "topicDetailManage");
    await noSideways();

    // Settings: out of range and a stale version are refused.
    await page.goto("/admin/askConfig");
    const daily = page.locator('input[name="dailyQuestions"]');
    await daily.fill("-1");
    await page.getByRole("button", { name: words.save }).click();
    await expect(page.getByText(words.range).first()).toBeVisible();
    await daily.fill("20");
    // Someone else saves in between: this screen's version is stale.
    const current = (await api(request, "get", "/tjc/ask/admin/config")).data;
    const changed = await api(request, "put", "/tjc/ask/admin/config", {
      ...current,
      dailyAnswers: current.dailyAnswers + 1,
    });
    expect(changed.code).toBe(0);
    await page.getByRole("button", { name: words.save }).click();
    await expect(page.locator(".MuiAlert-root[role=alert]")).toBeVisible();
    await api(request, "put", "/tjc/ask/admin/config", {
      ...changed.data,
      dailyAnswers: current.dailyAnswers,
    });
    await expectNoSeriousA11yViolations(page, "askConfig");
    await noSideways();

    // Tags: an empty name, a too long one; a tag in use is merged, not deleted.
    await page.goto("/admin/askTagManage");
    await page.getByRole("link", { name: words.create }).click();
    // Only spaces: the name is empty once trimmed.
    await page.getByRole("dialog").locator('input[name="name"]').fill("   ");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.save })
      .click();
    await expect(page.getByRole("dialog")).toContainText(words.required);
    await page
      .getByRole("dialog")
      .locator('input[name="name"]')
      .fill("n".repeat(65));
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.save })
      .click();
    await expect(page.getByRole("dialog")).toContainText(words.tooLong);
    const target = unique("target");
    await page.getByRole("dialog").locator('input[name="name"]').fill(target);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.save })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const tagRow = page.locator(`[data-tag-id="${tag.id}"]`);
    await tagRow.getByRole("button", { name: words.merge }).click();
    await page.getByRole("dialog").getByRole("combobox").click();
    await page.getByRole("option", { name: target }).click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.merge })
      .click();
    await expect(tagRow).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, "askTagManage");
    await noSideways();

    // Complaints and mutes.
    await page.goto("/admin/askComplaintManage");
    await expectNoSeriousA11yViolations(page, "askComplaintManage");
    await noSideways();
    await page.goto("/admin/askKeepSilenceManage");
    // No member picked: nothing is sent.
    await page.getByRole("button", { name: words.mute }).first().click();
    await expect(page.getByText(words.required)).toBeVisible();
    // The member is found by name, and the confirmation names them.
    const picker = page.getByRole("combobox", {
      name: language === "zh-CN" ? "成员" : "Member",
    });
    await picker.fill(member1.userName);
    await page
      .getByRole("option", { name: new RegExp(member1.userName) })
      .click();
    await page.getByRole("button", { name: words.mute }).first().click();
    await expect(page.getByRole("dialog")).toContainText(member1.userName);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: words.mute })
      .click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const muted = page
      .locator("[data-mute-id]")
      .filter({ hasText: member1.userName });
    await expect(muted).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, "askKeepSilenceManage");
    await noSideways();
    await member1.page.context().close();
  });
}

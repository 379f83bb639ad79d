import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import { apiLogin, expectNoSeriousA11yViolations } from "./helpers";

/**
 * The public Q&A community (issue 14): sign up, ask, answer as a second member, vote,
 * accept, report, notifications, a muted member, and reading without JavaScript, in
 * both languages on a phone and a desktop viewport.
 */
const LANGUAGES = {
  "zh-CN": {
    welcome: "欢迎",
    signUp: "注册",
    askButton: "我要提问",
    postQuestion: "发布问题",
    writeAnswer: "撰写回答",
    postAnswer: "发布回答",
    voteUp: "赞同",
    score1: "得分 1",
    accept: "采纳此回答",
    accepted: "已采纳",
    report: "举报",
    sendReport: "提交举报",
    reported: "已收到你的举报，谢谢。",
    answeredNotice: "有了新回答",
    acceptedNotice: "被采纳了",
    muted: "你已被禁言，直到",
    notFound: "页面不存在",
    editQuestion: "编辑问题",
    editAnswer: "编辑回答",
    save: "保存修改",
  },
  "en-US": {
    welcome: "Welcome",
    signUp: "Sign up",
    askButton: "Ask a question",
    postQuestion: "Post your question",
    writeAnswer: "Write an answer",
    postAnswer: "Post your answer",
    voteUp: "Vote up",
    score1: "Score 1",
    accept: "Accept this answer",
    accepted: "Accepted",
    report: "Report",
    sendReport: "Send report",
    reported: "Thank you, your report was received.",
    answeredNotice: "has a new answer",
    acceptedNotice: "was accepted",
    muted: "You are muted until",
    notFound: "Page not found",
    editQuestion: "Edit question",
    editAnswer: "Edit answer",
    save: "Save changes",
  },
} as const;
type Language = keyof typeof LANGUAGES;

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

let serial = 0;
function uniqueName(prefix: string): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}`;
}

/** A Q&A tag made by the administrator, so there is something to ask under. */
async function makeTag(request: APIRequestContext): Promise<string> {
  const { token } = await apiLogin(request);
  const name = uniqueName("tag");
  const response = await request.post("/tjc/ask/admin/tags", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, nameEn: name },
  });
  expect((await response.json()).code).toBe(0);
  return name;
}

async function newPage(
  browser: Browser,
  language: Language,
  viewport: { width: number; height: number },
  javaScriptEnabled = true,
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: language,
    javaScriptEnabled,
  });
  await context.addCookies([
    {
      name: "aid-language",
      value: language,
      url: test.info().project.use.baseURL ?? "http://127.0.0.1:8080",
    },
  ]);
  return context.newPage();
}

/** Signs up through the form and answers the member's user id. */
async function signUp(page: Page, language: Language): Promise<string> {
  const words = LANGUAGES[language];
  const loginName = uniqueName("m");
  await page.goto("/ask?view=signup");
  await expect(
    page.getByRole("heading", { name: words.welcome, level: 1 }),
  ).toBeVisible();
  await page.locator('input[name="loginName"]').fill(loginName);
  await page.locator('input[name="userName"]').fill(`${loginName}-name`);
  await page.locator('input[name="password"]').fill("grace2026");
  await page
    .locator("form")
    .getByRole("button", { name: words.signUp })
    .click();
  await expect(page).toHaveURL(/\/ask$/);
  await expect(
    page.getByRole("link", { name: `${loginName}-name` }),
  ).toBeVisible();
  return loginName;
}

async function userIdOf(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch("/tjc/auth/me", {
      headers: { Authorization: `Bearer ${localStorage.getItem("token")}` },
    });
    return (await response.json()).data.user.userId as number;
  });
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    test(`community flows in ${language} on a ${viewportName}`, async ({
      browser,
      request,
    }) => {
      test.setTimeout(120_000);
      const words = LANGUAGES[language];
      const tag = await makeTag(request);

      // Sign up and ask.
      const asker = await newPage(browser, language, viewport);
      await signUp(asker, language);
      await asker.getByRole("link", { name: words.askButton }).click();
      const title = `${uniqueName("How shall we pray ")} together?`;
      await asker.locator('input[name="title"]').fill(title);
      await asker.getByLabel(tag).check();
      const editor = asker.getByRole("textbox", { name: /问题描述|Details/ });
      await editor.click();
      await editor.pressSequentially("Our group wants to pray.");
      await asker.getByRole("button", { name: words.postQuestion }).click();
      await expect(asker).toHaveURL(/\/topicDetail\?id=\d+$/);
      await expect(
        asker.getByRole("heading", { name: title, level: 1 }),
      ).toBeVisible();
      const questionUrl =
        new URL(asker.url()).pathname + new URL(asker.url()).search;

      // A second member answers, votes and reports.
      const answerer = await newPage(browser, language, viewport);
      await signUp(answerer, language);
      await answerer.goto(questionUrl);
      await answerer.getByRole("button", { name: words.writeAnswer }).click();
      const answerBox = answerer.getByRole("textbox");
      await answerBox.click();
      await answerBox.pressSequentially("Begin with thanksgiving.");
      await answerer.getByRole("button", { name: words.postAnswer }).click();
      await expect(
        answerer.getByText("Begin with thanksgiving."),
      ).toBeVisible();
      // The answerer corrects their answer in place.
      await answerer.getByRole("button", { name: words.editAnswer }).click();
      const editBox = answerer.getByRole("textbox", { name: words.editAnswer });
      await editBox.click();
      await editBox.press("End");
      await editBox.pressSequentially(" Then ask.");
      await answerer.getByRole("button", { name: words.save }).click();
      await expect(
        answerer.getByText("Begin with thanksgiving. Then ask."),
      ).toBeVisible();
      await answerer
        .getByRole("button", { name: words.voteUp })
        .first()
        .click();
      await expect(answerer.getByText(words.score1).first()).toBeVisible();
      await answerer
        .getByRole("button", { name: words.report })
        .first()
        .click();
      await answerer.getByRole("button", { name: words.sendReport }).click();
      await expect(answerer.getByText(words.reported)).toBeVisible();

      // The asker is told, and accepts.
      await asker.goto("/ask?view=mine");
      await expect(asker.getByText(words.answeredNotice)).toBeVisible();
      await asker.goto(questionUrl);
      await asker.getByRole("button", { name: words.accept }).click();
      await expect(
        asker.getByText(words.accepted, { exact: true }),
      ).toBeVisible();
      await answerer.goto("/ask?view=mine");
      await expect(answerer.getByText(words.acceptedNotice)).toBeVisible();

      // The asker edits the question: an emptied title is refused, a new one is kept.
      await asker.getByRole("button", { name: words.editQuestion }).click();
      const titleInput = asker.locator('input[name="title"]');
      await titleInput.fill("");
      await asker.getByRole("button", { name: words.save }).click();
      await expect(asker.getByRole("alert")).toBeVisible();
      const newTitle = `${title} (edited)`;
      await titleInput.fill(newTitle);
      await asker.getByRole("button", { name: words.save }).click();
      await expect(
        asker.getByRole("heading", { name: newTitle, level: 1 }),
      ).toBeVisible();

      // A muted member is told until when.
      const { token } = await apiLogin(request);
      const mute = await request.post("/tjc/ask/admin/mutes", {
        headers: { Authorization: `Bearer ${token}` },
        data: { userId: await userIdOf(answerer), days: 3 },
      });
      expect((await mute.json()).code).toBe(0);
      await answerer.goto(questionUrl);
      await answerer.getByRole("button", { name: words.writeAnswer }).click();
      const again = answerer.getByRole("textbox");
      await again.click();
      await again.pressSequentially("One more thought.");
      await answerer.getByRole("button", { name: words.postAnswer }).click();
      await expect(answerer.getByRole("alert")).toContainText(words.muted);

      // A visitor without JavaScript reads the question and its answer, and follows links.
      const reader = await newPage(browser, language, viewport, false);
      await reader.goto(questionUrl);
      await expect(
        reader.getByRole("heading", { name: `${title} (edited)`, level: 1 }),
      ).toBeVisible();
      await expect(
        reader.getByText("Begin with thanksgiving. Then ask."),
      ).toBeVisible();
      await reader.getByRole("link", { name: tag }).first().click();
      await expect(reader).toHaveURL(/\/ask\?tag=\d+$/);
      await expect(
        reader.getByRole("link", { name: `${title} (edited)` }),
      ).toBeVisible();

      await Promise.all(
        [asker, answerer, reader].map((page) => page.context().close()),
      );
    });
  }

  test(`axe finds nothing serious on the four pages in ${language}`, async ({
    browser,
    request,
  }) => {
    const tag = await makeTag(request);
    const page = await newPage(browser, language, VIEWPORTS.desktop);
    await signUp(page, language);
    const created = await page.evaluate(
      async ({ tagName }) => {
        const headers = {
          Authorization: `Bearer ${localStorage.getItem("token")}`,
          "Content-Type": "application/json",
        };
        const tags = await (await fetch("/tjc/ask/tags")).json();
        const tagId = tags.data.list.find(
          (t: { name: string }) => t.name === tagName,
        ).id;
        const response = await fetch("/tjc/ask/questions", {
          method: "POST",
          headers,
          body: JSON.stringify({
            title: "An accessible question",
            body: "<p>Text</p>",
            tagIds: [tagId],
          }),
        });
        return (await response.json()).data.id as number;
      },
      { tagName: tag },
    );
    for (const url of [
      "/ask",
      `/topicDetail?id=${created}`,
      "/choicenessCommon",
      "/tagList",
    ]) {
      await page.goto(url);
      await expectNoSeriousA11yViolations(page);
    }
    await page.goto("/topicDetail?id=999999");
    await expect(
      page.getByRole("heading", { name: LANGUAGES[language].notFound }),
    ).toBeVisible();
    await page.context().close();
  });
}

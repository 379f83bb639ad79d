import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import { apiLogin, expectNoSeriousA11yViolations } from "./helpers";

/**
 * Anonymous asking (issue 24, item 6): a member asks with "post anonymously" ticked,
 * another member answers, and every page names the asker as the anonymous member, in
 * both languages on a phone. The asker alone still gets the accept button.
 */
const WORDS = {
  "zh-CN": {
    welcome: "欢迎",
    signUp: "注册",
    askButton: "我要提问",
    anonymous: "匿名发布",
    postQuestion: "发布问题",
    writeAnswer: "撰写回答",
    postAnswer: "发布回答",
    anonymousName: "匿名弟兄姊妹",
    accept: "采纳此回答",
  },
  "en-US": {
    welcome: "Welcome",
    signUp: "Sign up",
    askButton: "Ask a question",
    anonymous: "Post anonymously",
    postQuestion: "Post your question",
    writeAnswer: "Write an answer",
    postAnswer: "Post your answer",
    anonymousName: "Anonymous member",
    accept: "Accept this answer",
  },
} as const;
type Language = keyof typeof WORDS;
const PHONE = { width: 390, height: 844 };

let serial = 0;
function uniqueName(prefix: string): string {
  serial += 1;
  return `${prefix}${Date.now().toString(36)}${serial}`;
}

async function makeTag(request: APIRequestContext): Promise<string> {
  const { token } = await apiLogin(request);
  const name = uniqueName("anon");
  const response = await request.post("/tjc/ask/admin/tags", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, nameEn: name },
  });
  expect((await response.json()).code).toBe(0);
  return name;
}

async function tagIdOf(
  request: APIRequestContext,
  name: string,
): Promise<number> {
  const list = (await (await request.get("/tjc/ask/tags")).json()).data
    .list as { id: number; name: string }[];
  return list.find((tag) => tag.name === name)!.id;
}

async function phonePage(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    locale: language,
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

/** Signs up through the form; answers the display name. */
async function signUp(page: Page, language: Language): Promise<string> {
  const words = WORDS[language];
  const loginName = uniqueName("a");
  const userName = `${loginName}-name`;
  await page.goto("/ask?view=signup");
  await expect(
    page.getByRole("heading", { name: words.welcome, level: 1 }),
  ).toBeVisible();
  await page.locator('input[name="loginName"]').fill(loginName);
  await page.locator('input[name="userName"]').fill(userName);
  await page.locator('input[name="password"]').fill("grace2026");
  await page
    .locator("form")
    .getByRole("button", { name: words.signUp })
    .click();
  await expect(page).toHaveURL(/\/ask$/);
  return userName;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of Object.keys(WORDS) as Language[]) {
  test(`an anonymous question answered, in ${language} on a phone`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const words = WORDS[language];
    const tag = await makeTag(request);

    const asker = await phonePage(browser, language);
    const askerName = await signUp(asker, language);
    await asker.getByRole("link", { name: words.askButton }).click();
    const title = `${uniqueName("May I ask without my name ")}?`;
    await asker.locator('input[name="title"]').fill(title);
    await asker.getByLabel(tag).check();
    const editor = asker.getByRole("textbox", { name: /问题描述|Details/ });
    await editor.click();
    await editor.pressSequentially("A doubt I carry.");
    await asker.getByRole("checkbox", { name: words.anonymous }).check();
    await expectNoSeriousA11yViolations(asker, `ask form ${language}`);
    await expectNoSidewaysScroll(asker);
    await asker.getByRole("button", { name: words.postQuestion }).click();
    await expect(asker).toHaveURL(/\/topicDetail\?id=\d+$/);
    const questionUrl =
      new URL(asker.url()).pathname + new URL(asker.url()).search;
    await expect(asker.locator(".post-meta .author-name")).toHaveText(
      words.anonymousName,
    );

    // Another member answers under their own name.
    const answerer = await phonePage(browser, language);
    const answererName = await signUp(answerer, language);
    await answerer.goto(questionUrl);
    await expect(answerer.locator(".post-meta .author-name")).toHaveText(
      words.anonymousName,
    );
    await answerer.getByRole("button", { name: words.writeAnswer }).click();
    await expect(
      answerer.getByRole("checkbox", { name: words.anonymous }),
    ).toBeVisible();
    const answerBox = answerer.getByRole("textbox");
    await answerBox.click();
    await answerBox.pressSequentially("You are not alone.");
    await answerer.getByRole("button", { name: words.postAnswer }).click();
    // Listed among the answers (not only still in the editor): the post is stored.
    await expect(
      answerer.locator(".post-list .post-body", {
        hasText: "You are not alone.",
      }),
    ).toBeVisible();
    await expect(answerer.locator("body")).not.toContainText(askerName);

    // The anonymous asker still accepts: only they learn the question is theirs.
    await asker.goto(questionUrl);
    await expect(
      asker.getByRole("button", { name: words.accept }),
    ).toBeVisible();
    await expect(
      answerer.getByRole("button", { name: words.accept }),
    ).toHaveCount(0);

    // A visitor reads the anonymous name on the question and the list, never the asker.
    const reader = await phonePage(browser, language);
    await reader.goto(questionUrl);
    await expect(reader.locator(".post-meta .author-name")).toHaveText(
      words.anonymousName,
    );
    await expect(reader.getByText(answererName).first()).toBeVisible();
    const html = await reader.content();
    expect(html).not.toContain(askerName);
    await expectNoSeriousA11yViolations(reader, `question ${language}`);
    await expectNoSidewaysScroll(reader);
    await reader.goto(`/ask?tag=${await tagIdOf(request, tag)}`);
    await expect(reader.getByRole("link", { name: title })).toBeVisible();
    await expect(reader.locator("body")).toContainText(words.anonymousName);
    await expect(reader.locator("body")).not.toContainText(askerName);
    await expectNoSidewaysScroll(reader);

    await Promise.all(
      [asker, answerer, reader].map((page) => page.context().close()),
    );
  });
}

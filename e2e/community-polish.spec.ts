import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import { apiLogin, expectNoSeriousA11yViolations } from "./helpers";

/**
 * What a member met on the community site (issue 25, items 11 and 13): vote buttons on
 * their own posts, errors at the fields, the header on a phone, notices that merge,
 * lead to the answer, name who caused them (staff with their badge) and show an unread
 * badge, and a hidden post's reason.
 */
interface Session {
  token: string;
  user: { userId: number; userName: string; loginName: string };
}

let serial = 0;
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(serial += 1)}`;

/**
 * A member, made by the administrator and logged in: sign-up is limited per address a
 * minute, which a run of several specs from one address would reach.
 */
async function signUp(
  request: APIRequestContext,
  userName = unique("Member "),
): Promise<Session> {
  const admin = await apiLogin(request);
  const headers = { Authorization: `Bearer ${admin.token}` };
  const roles = await (
    await request.get(
      `/tjc/system/roles?filter=${encodeURIComponent(JSON.stringify({ code: "member" }))}`,
      { headers },
    )
  ).json();
  const loginName = unique("m");
  const created = await (
    await request.post("/tjc/system/users", {
      headers,
      data: {
        loginName,
        userName,
        password: "grace2026",
        roleIds: [roles.data.list[0].id],
      },
    })
  ).json();
  expect(created.code, JSON.stringify(created)).toBe(0);
  const response = await request.post("/tjc/auth/login", {
    data: { loginName, password: "grace2026" },
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data as Session;
}

async function call(
  request: APIRequestContext,
  session: Session | { token: string },
  method: "POST" | "PUT",
  url: string,
  data: unknown,
) {
  const response = await request.fetch(url, {
    method,
    headers: { Authorization: `Bearer ${session.token}` },
    data,
  });
  const body = await response.json();
  expect(body.code, JSON.stringify(body)).toBe(0);
  return body.data;
}

async function makeTag(request: APIRequestContext): Promise<number> {
  const admin = await apiLogin(request);
  const name = unique("tag");
  return (
    await call(request, admin, "POST", "/tjc/ask/admin/tags", {
      name,
      nameEn: name,
    })
  ).id as number;
}

async function pageAs(
  browser: Browser,
  session: Session | null,
  viewport = { width: 1280, height: 800 },
  language: "zh-CN" | "en-US" = "en-US",
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: language });
  await context.addCookies([
    {
      name: "aid-language",
      value: language,
      url: test.info().project.use.baseURL ?? "http://127.0.0.1:8080",
    },
  ]);
  const page = await context.newPage();
  if (session) {
    await page.goto("/tagList");
    await page.evaluate(({ token, user }) => {
      localStorage.setItem("token", token);
      document.cookie = `user=${encodeURIComponent(JSON.stringify(user))}; path=/; max-age=86400`;
    }, session);
  }
  return page;
}

test("no vote buttons on one's own posts; others' posts keep them", async ({
  browser,
  request,
}) => {
  const tagId = await makeTag(request);
  const asker = await signUp(request);
  const answerer = await signUp(request);
  const question = await call(request, asker, "POST", "/tjc/ask/questions", {
    title: unique("Whose vote counts here "),
    body: "<p>Asked by the asker.</p>",
    tagIds: [tagId],
  });
  await call(
    request,
    answerer,
    "POST",
    `/tjc/ask/questions/${question.id}/answers`,
    { body: "<p>Answered by the answerer.</p>" },
  );
  const page = await pageAs(browser, asker);
  await page.goto(`/topicDetail?id=${question.id}`);
  const answer = page.locator("li.post");
  await expect(answer.getByRole("button", { name: "Vote up" })).toBeVisible();
  // The question is the asker's own: its score shows, its vote buttons do not.
  const questionActions = page.locator("article > .post-actions");
  await expect(questionActions.getByText("Score 0")).toBeVisible();
  await expect(
    questionActions.getByRole("button", { name: "Vote up" }),
  ).toHaveCount(0);
  await expect(
    questionActions.getByRole("button", { name: "Vote down" }),
  ).toHaveCount(0);
});

test("sign-up shows every error at its field", async ({ browser }) => {
  const page = await pageAs(browser, null);
  await page.goto("/ask?view=signup");
  await page.locator('input[name="loginName"]').fill("a b");
  await page.locator('input[name="userName"]').fill("Someone");
  await page.locator('input[name="password"]').fill("x");
  await page.locator('input[name="email"]').fill("not-an-email");
  await page.locator("form").getByRole("button", { name: "Sign up" }).click();
  for (const name of ["loginName", "password", "email"]) {
    const input = page.locator(`input[name="${name}"]`);
    await expect(input, name).toHaveAttribute("aria-invalid", "true");
    const errorId = await input.getAttribute("aria-describedby");
    await expect(page.locator(`#${errorId}`), name).not.toBeEmpty();
  }
  await expect(page.locator('input[name="userName"]')).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test("signing up with another member's display name, in traditional characters, is refused at the field", async ({
  browser,
  request,
}) => {
  const name = unique("爱丽丝姊妹");
  await signUp(request, name);
  const page = await pageAs(browser, null);
  await page.goto("/ask?view=signup");
  await page.locator('input[name="loginName"]').fill(unique("copy"));
  await page
    .locator('input[name="userName"]')
    .fill(name.replace("爱丽丝", "愛麗絲"));
  await page.locator('input[name="password"]').fill("grace2026");
  await page.locator("form").getByRole("button", { name: "Sign up" }).click();
  const userName = page.locator('input[name="userName"]');
  await expect(userName).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.locator(`#${await userName.getAttribute("aria-describedby")}`),
  ).toHaveText("That display name is taken");
  await expect(page).toHaveURL(/view=signup/);
});

test("a burst of answers is one notice with an unread badge, leading to the first answer", async ({
  browser,
  request,
}) => {
  const tagId = await makeTag(request);
  const asker = await signUp(request);
  const question = await call(request, asker, "POST", "/tjc/ask/questions", {
    title: unique("Many answers please "),
    body: "<p>Tell me all.</p>",
    tagIds: [tagId],
  });
  const answerers = [await signUp(request), await signUp(request)];
  let first = 0;
  for (let i = 0; i < 20; i++) {
    const answer = await call(
      request,
      answerers[i % 2]!,
      "POST",
      `/tjc/ask/questions/${question.id}/answers`,
      { body: `<p>Answer ${i} in the burst.</p>` },
    );
    if (i === 0) first = answer.id as number;
  }
  const page = await pageAs(browser, asker);
  await page.goto("/ask");
  const badge = page.locator(".site-header .unread-badge");
  await expect(badge).toHaveText("1");
  await expect(page.locator(".site-header")).toContainText(
    "1 unread notification",
  );
  await page.goto("/ask?view=mine");
  const notice = page.getByRole("link", { name: /has 20 new answers/ });
  await expect(notice).toHaveCount(1);
  // It names the latest answerer, a member: no staff badge.
  const row = page.locator(".notices li").filter({ has: notice });
  await expect(row.locator(".notice-actor")).toContainText(
    `latest from ${answerers[1]!.user.userName} · `,
  );
  await expect(row.locator(".staff-badge")).toHaveCount(0);
  await expect(notice).toHaveAttribute(
    "href",
    `/topicDetail?id=${question.id}#answer-${first}`,
  );
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`#answer-${first}$`));
  await expect(page.locator(`#answer-${first}`)).toBeInViewport();
});

test("a hidden post's notice leads its author to the moderator's reason", async ({
  browser,
  request,
}) => {
  const tagId = await makeTag(request);
  const asker = await signUp(request);
  const question = await call(request, asker, "POST", "/tjc/ask/questions", {
    title: unique("A question to hide "),
    body: "<p>Soon hidden.</p>",
    tagIds: [tagId],
  });
  const admin = await apiLogin(request);
  await call(request, admin, "PUT", `/tjc/ask/admin/questions/${question.id}`, {
    status: "hidden",
    reason: "Please ask this in the prayer section",
    version: question.version,
  });
  // The notice names the administrator who hid it, with the staff badge, in both languages.
  const zh = await pageAs(browser, asker, undefined, "zh-CN");
  await zh.goto("/ask?view=mine");
  const zhRow = zh.locator(".notices li").filter({ hasText: "已被隐藏" });
  await expect(zhRow.locator(".notice-actor")).toContainText(
    `来自 ${admin.user.userName} 同工 · `,
  );
  await expect(zhRow.locator(".staff-badge")).toHaveAttribute(
    "title",
    "教会同工的账号",
  );
  await expectNoSeriousA11yViolations(zh, "notices (zh-CN)");
  const page = await pageAs(browser, asker);
  await page.goto("/ask?view=mine");
  const row = page.locator(".notices li").filter({ hasText: "was hidden" });
  await expect(row.locator(".notice-actor .author-name")).toHaveText(
    admin.user.userName,
  );
  await expect(row.locator(".notice-actor .staff-badge")).toHaveText("Staff");
  await expect(row.locator(".notice-actor")).toContainText(
    `from ${admin.user.userName} Staff · `,
  );
  await page.getByRole("link", { name: /was hidden/ }).click();
  await expect(page).toHaveURL(new RegExp(`/topicDetail\\?id=${question.id}`));
  await expect(
    page.getByText(
      "A moderator hid this post. Reason: Please ask this in the prayer section",
    ),
  ).toBeVisible();
  await expect(page.getByText("Soon hidden.")).toBeVisible();
  // Another member sees only the not-found page.
  const other = await pageAs(browser, await signUp(request));
  await other.goto(`/topicDetail?id=${question.id}`);
  await expect(
    other.getByRole("heading", { name: "Page not found" }),
  ).toBeVisible();
  await expect(other.getByText("Soon hidden.")).toHaveCount(0);
});

for (const language of ["en-US", "zh-CN"] as const) {
  test(`the logged-in header fits a 390-pixel phone in ${language}`, async ({
    browser,
    request,
  }) => {
    const member = await signUp(
      request,
      // A long name, as members write them: where the header broke first.
      language === "zh-CN"
        ? unique("爱丽丝姊妹（北京朝阳堂青年团契诗班）")
        : unique("Sister Alice of the Chaoyang church youth choir "),
    );
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: language,
    });
    await context.addCookies([
      {
        name: "aid-language",
        value: language,
        url: test.info().project.use.baseURL ?? "http://127.0.0.1:8080",
      },
    ]);
    const page = await context.newPage();
    await page.goto("/tagList");
    await page.evaluate(({ token, user }) => {
      localStorage.setItem("token", token);
      document.cookie = `user=${encodeURIComponent(JSON.stringify(user))}; path=/; max-age=86400`;
    }, member);
    await page.goto("/ask");
    await expect(
      page.locator(".site-header").getByRole("button", {
        name: language === "zh-CN" ? "退出" : "Log out",
      }),
    ).toBeVisible();
    // No sideways scrolling, and no link, button or label of the header broken over
    // lines (at 390 px the old header put one or two characters a line).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(
        ".site-header a, .site-header button, .site-header label, .site-header span",
      )) {
        const text = element.innerText.trim();
        if (text === "" || element.tagName === "SELECT") continue;
        const style = getComputedStyle(element);
        const lineHeight =
          parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.6;
        const lines = Math.round(
          element.getBoundingClientRect().height / lineHeight,
        );
        // Each link, button and label keeps to one line ("退出" broke into 退 / 出).
        if (lines > 1) found.push(`${text} (${lines} lines)`);
      }
      return found;
    });
    expect(broken).toEqual([]);
  });
}

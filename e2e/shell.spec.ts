import { expect, test, type Page } from "@playwright/test";
import {
  ADMIN_LOGIN,
  ADMIN_PASSWORD,
  answerAdminCode,
  apiLogin,
  createUserWithRole,
  E2E_USER_PASSWORD,
  expectNoSidewaysScroll,
  login,
  loginViaApi,
  loginViaApiOwnSession,
  openAsUser,
  useLanguage,
} from "./helpers";

const EXPIRED_ZH = "用户会话已过期，请重新登录！";

/** The back office's side menu: links in a navigation landmark. */
const adminMenu = (page: Page, name = "主菜单") =>
  page.getByRole("navigation", { name });

test.describe("route guard", () => {
  test("a blocked admin page shows the notice for 1.5 s, then /login with toPath", async ({
    page,
  }) => {
    await page.goto("/admin/tagManage");
    await expect(page.getByText(EXPIRED_ZH)).toBeVisible();
    // the notice shows on the blocked page before the redirect
    expect(new URL(page.url()).pathname).toBe("/admin/tagManage");
    const shownAt = Date.now();
    await expect(page).toHaveURL(/\/login\?toPath=%2Fadmin%2FtagManage$/);
    expect(Date.now() - shownAt).toBeGreaterThan(1000);
    await expect(page.getByRole("heading", { name: "欢迎" })).toBeVisible();
  });

  test("keeps the query of the blocked path, and sends /admin itself with toPath", async ({
    page,
  }) => {
    await page.goto("/admin/system/userManage?tab=2");
    await expect(page).toHaveURL(
      `/login?toPath=${encodeURIComponent("/admin/system/userManage?tab=2")}`,
    );
    await page.goto("/admin");
    await expect(page).toHaveURL("/login?toPath=%2Fadmin");
  });

  test("/ and /login show the login page without a redirect", async ({
    page,
  }) => {
    for (const path of ["/", "/login"]) {
      await page.goto(path);
      await expect(page.locator('input[name="loginName"]')).toBeVisible();
      await expect(page.getByText(EXPIRED_ZH)).toHaveCount(0);
      expect(new URL(page.url()).pathname).toBe(path);
    }
  });

  test("the test routes need no login", async ({ page }) => {
    await page.goto("/ubTest3");
    await expect(
      page.getByRole("heading", { name: "用户行为测试 3" }),
    ).toBeVisible();
    await page.getByRole("button", { name: "点一下" }).click();
    await expect(page.getByText("点击次数：1")).toBeVisible();
    await expect(page).toHaveURL("/ubTest3");
  });
});

test.describe("the guard on every admin page", () => {
  for (const [half, remove] of [
    ["the user cookie", "cookie"],
    ["the token", "token"],
  ] as const) {
    test(`without ${half}, the next page shows the notice and goes to /login`, async ({
      page,
    }) => {
      await loginViaApi(page, "/admin");
      await expect(
        page.getByRole("heading", { name: "管理后台首页" }),
      ).toBeVisible();
      // The half goes away and the app moves to another page in the same moment, as a
      // menu click does (the layout stays mounted; only a fresh load was guarded before).
      await page.evaluate((what) => {
        if (what === "cookie") document.cookie = "user=; path=/; max-age=0";
        else localStorage.removeItem("token");
        history.pushState(null, "", "/admin/system/userManage");
        dispatchEvent(new PopStateEvent("popstate"));
      }, remove);
      await expect(page.getByText(EXPIRED_ZH)).toBeVisible();
      await expect(page).toHaveURL(
        "/login?toPath=%2Fadmin%2Fsystem%2FuserManage",
      );
    });
  }

  for (const [how, endSession] of [
    [
      "removed in the browser",
      (page: import("@playwright/test").Page) =>
        page.evaluate(() => localStorage.removeItem("token")),
    ],
    [
      "ended on the server",
      async (page: import("@playwright/test").Page, token: string) => {
        await page.request.post("/tjc/auth/logout", {
          headers: { Authorization: `Bearer ${token}` },
        });
      },
    ],
  ] as const) {
    test(`a session ${how} is never reported as a missing record`, async ({
      page,
      request,
    }) => {
      const { token: setup } = await apiLogin(request);
      const name = `会话${Date.now()}`;
      const created = await (
        await request.post("/tjc/tags", {
          headers: { Authorization: `Bearer ${setup}` },
          data: { name },
        })
      ).json();
      const token = await loginViaApiOwnSession(page, "/admin/tagManage");
      await expect(
        page.getByRole("row").filter({ hasText: name }),
      ).toBeVisible();
      await page.waitForLoadState("networkidle");
      await endSession(page, token);
      await page
        .getByRole("row")
        .filter({ hasText: name })
        .getByText(name)
        .click();
      await expect(page.getByText(EXPIRED_ZH).first()).toBeVisible();
      await expect(page).toHaveURL(
        `/login?toPath=${encodeURIComponent(`/admin/tagManage/${created.data.id}`)}`,
      );
      await expect(page.getByText("条目不存在")).toHaveCount(0);
      await expect(page.getByText("请求的资源不存在")).toHaveCount(0);
    });
  }
});

test("the login page links to the community's sign-up", async ({ page }) => {
  await page.goto("/login");
  await expect(page.locator('input[name="loginName"]')).toBeVisible();
  await page.getByRole("link", { name: "注册" }).click();
  await expect(page).toHaveURL("/ask?view=signup");
  await expect(
    page.getByRole("heading", { name: "欢迎", level: 1 }),
  ).toBeVisible();
});

test("a throttled login says how long to wait, from the answer's Retry-After", async ({
  page,
  request,
}) => {
  const loginName = `locked-${Date.now()}`;
  let throttled = false;
  for (let i = 0; i < 20 && !throttled; i++) {
    const answer = await request.post("/tjc/auth/login", {
      data: { loginName, password: "wrong-password" },
    });
    throttled = answer.status() === 429;
  }
  expect(throttled).toBe(true);
  await page.goto("/login");
  await page.locator('input[name="loginName"]').fill(loginName);
  await page.locator('input[name="password"]').fill("wrong-password");
  await page.locator('button[type="submit"]').click();
  const alert = page.getByRole("alert").filter({ hasText: "登录尝试次数过多" });
  await expect(alert).toContainText(/请在 \d\d:\d\d:\d\d 后重试/);
  await expect(page.locator('button[type="submit"]')).toBeDisabled();
});

test.describe("login", () => {
  test("lands on toPath after logging in", async ({ page }) => {
    await page.goto("/admin/tagManage");
    await expect(page).toHaveURL(/toPath=/, { timeout: 5000 });
    await page.locator('input[name="loginName"]').fill(ADMIN_LOGIN);
    await page.locator('input[name="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole("button", { name: "登录" }).click();
    await answerAdminCode(page);
    await expect(page).toHaveURL("/admin/tagManage");
    await expect(
      adminMenu(page).getByRole("link", { name: "标签管理" }),
    ).toBeVisible();
  });

  test("lands on the admin home without toPath, and the user menu logs out", async ({
    page,
  }) => {
    await login(page);
    await expect(page.getByRole("heading", { name: /^欢迎，/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "系统管理" })).toBeVisible();
    await page.getByRole("button", { name: "个人资料" }).click();
    await page.getByRole("menuitem", { name: "退出登录" }).click();
    await expect(page).toHaveURL(/\/login/);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).toBeNull();
  });

  test("a wrong password shows the server's message and stays on the page", async ({
    page,
  }) => {
    await page.goto("/login");
    await page.locator('input[name="loginName"]').fill(ADMIN_LOGIN);
    await page.locator('input[name="password"]').fill("definitely-wrong");
    await page.getByRole("button", { name: "登录" }).click();
    await expect(page.getByText("登录名或密码错误")).toBeVisible();
    await expect(page).toHaveURL("/login");
  });
});

test("a 20107 mid-session clears the session and redirects with toPath", async ({
  page,
  request,
}) => {
  // An editor, who signs in without a second factor: the administrator's codes work once
  // each, and two logins here waited up to a minute for fresh ones.
  const editor = `e2e-expiry-${Date.now().toString(36)}`;
  await createUserWithRole(request, "editor", editor);
  const listed = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/tjc/tags" &&
      response.request().method() === "GET",
  );
  await openAsUser(page, editor, "/admin/tagManage");
  await expect(
    adminMenu(page).getByRole("link", { name: "标签管理" }),
  ).toBeVisible();
  // Nothing may be in flight when the session ends, so the click below is what meets the
  // revoked session: an earlier request would start the 1.5 s notice before the click.
  await listed;
  await page.waitForLoadState("networkidle");
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token).toBeTruthy();
  // The session ends on the server (as after a timeout or a force-logout).
  const revoked = await page.request.post("/tjc/auth/logout", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect((await revoked.json()).code).toBe(0);
  await page.getByRole("button", { name: "刷新" }).click();
  await expect(
    page.getByText("用户会话已过期，请重新登录！").first(),
  ).toBeVisible();
  await expect(page).toHaveURL("/login?toPath=%2Fadmin%2FtagManage");
  expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  expect(
    (await page.context().cookies()).find((c) => c.name === "user"),
  ).toBeUndefined();
  await page.locator('input[name="loginName"]').fill(editor);
  await page.locator('input[name="password"]').fill(E2E_USER_PASSWORD);
  await page.getByRole("button", { name: "登录" }).click();
  await expect(page).toHaveURL("/admin/tagManage");
});

test("the language switch works at run time and survives a reload", async ({
  page,
}) => {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "欢迎" })).toBeVisible();
  await page.getByRole("button", { name: "简体中文" }).click();
  await page.getByRole("menuitem", { name: "English" }).click();
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("aid-language"))).toBe(
    "en-US",
  );
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  // requests follow the language: the server answers a bad login in English
  await page.locator('input[name="loginName"]').fill("nobody-" + Date.now());
  await page.locator('input[name="password"]').fill("x");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Wrong login name or password")).toBeVisible();
  await page.goto("/admin/system/roleManage");
  await expect(
    page.getByText("The user session has expired, please log in again!"),
  ).toBeVisible();
});

test.describe("fallback page", () => {
  // Outside /admin an unknown path is the public site's 404 (issue 25 item 10).
  test("an unknown path shows the public 404 page without the back office", async ({
    page,
  }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole("heading", { name: "页面不存在", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "系统管理" })).toHaveCount(0);
    await page.getByRole("link", { name: "返回问答社区" }).click();
    await expect(page).toHaveURL(/\/ask$/);
  });

  test("an unknown admin path shows it inside the back office", async ({
    page,
  }) => {
    await loginViaApi(page, "/admin/noSuchPage");
    await expect(
      page.getByRole("heading", { name: "页面不存在", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "系统管理" })).toBeVisible();
  });
});

test("every spec admin page exists, titled with its name, in its menu group", async ({
  page,
}) => {
  await loginViaApi(page, "/admin/system/userManage");
  await expect(
    page.getByRole("heading", { name: "用户管理", level: 1 }),
  ).toBeVisible();
  await page.getByRole("button", { name: "直播管理" }).click();
  await adminMenu(page).getByRole("link", { name: "直播公告" }).click();
  await expect(page).toHaveURL("/admin/configLiveNotice");
  await expect(
    page.getByRole("heading", { name: "直播公告", level: 1 }),
  ).toBeVisible();
  for (const [path, name] of [
    ["system/permission/resource", "权限资源"],
    ["askKeepSilenceManage", "禁言用户"],
    ["articleEdit", "文章编辑"],
    ["choicenessCommon", "精选回答"],
  ]) {
    await page.goto(`/admin/${path}`);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  }
});

test("the menu is links in groups that open and close, with unambiguous names", async ({
  page,
}) => {
  await loginViaApi(page, "/admin");
  const menu = adminMenu(page);
  await expect(page.getByRole("menu")).toHaveCount(0);
  const qa = menu.getByRole("button", { name: "问答社区" });
  await expect(qa).toHaveAttribute("aria-expanded", "false");
  await qa.click();
  await expect(qa).toHaveAttribute("aria-expanded", "true");
  const group = page.locator(`#${await qa.getAttribute("aria-controls")}`);
  await expect(group).toHaveAttribute("role", "group");
  await expect(group.getByRole("link", { name: "前台社区首页" })).toBeVisible();
  await expect(group.getByRole("link", { name: "问答社区" })).toHaveCount(0);
  await qa.click();
  await expect(qa).toHaveAttribute("aria-expanded", "false");
  await expect(group).toHaveCount(0);
});

/** A message key shown as it is (`resources.admin/x.fields.y`): its messages did not load. */
const RAW_KEY =
  /\b(?:resources|app|ra|content|media|reference|editor|system|jobs?|spiders?|stats|dashboard|disciples?|ministry|moderation|live)\.[\w/]+\.\w/;

/** Forms whose labels come from their feature's messages, which load with the screen. */
const FORMS = [
  "sermonManage/create",
  "audioManage/create",
  "discipleManage/create",
  "system/userManage/create",
  "system/jobManage/create",
  "spiderManage/create",
  "channelManage/create",
  "liveVideoManage/create",
  "configManage",
];

/** Opens every menu group and lists the menu's links (name and path). */
async function allMenuLinks(page: Page, menuName: string) {
  const menu = adminMenu(page, menuName);
  // The menu comes from GET /tjc/system/menu: wait for its groups before reading it.
  await expect(menu.locator("[aria-expanded]").first()).toBeVisible();
  const closed = menu.locator('[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  await expect(menu.locator('[aria-expanded="false"]')).toHaveCount(0);
  return menu.getByRole("link").evaluateAll((links) =>
    links.map((link) => ({
      path: new URL((link as HTMLAnchorElement).href).pathname,
      name: link.textContent!.trim(),
    })),
  );
}

test.describe("the browser tab names the page and the site", () => {
  for (const [language, site, menuName, tags, home] of [
    ["zh-CN", "灯台", "主菜单", "标签管理", "管理后台首页"],
    ["en-US", "Lampstand", "Main menu", "Tags", "Back office home"],
  ] as const) {
    test(`on every admin route, in ${language}`, async ({ page }) => {
      // It opens every page of the menu (more than 30), each a lazy chunk.
      test.setTimeout(120_000);
      await useLanguage(page, language);
      await loginViaApi(page, "/admin/tagManage");
      await expect(page).toHaveTitle(`${tags} - ${site}`);
      const links = await allMenuLinks(page, menuName);
      expect(links.length).toBeGreaterThan(30);
      for (const link of links) {
        // .first(): a parallel spec of the menu registry may list a path twice for a moment.
        await adminMenu(page, menuName)
          .locator(`a[href="${link.path}"]`)
          .first()
          .click();
        await expect(page).toHaveURL(link.path);
        // every page's h1 is its menu entry's name; the home's is its own
        const name = link.path === "/admin" ? home : link.name;
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
        await expect(page, link.path).toHaveTitle(`${name} - ${site}`);
        await expect(page.locator("body"), link.path).not.toContainText(
          RAW_KEY,
        );
      }
      for (const form of FORMS) {
        await page.goto(`/admin/${form}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expect(page.locator("form").first()).toBeVisible();
        await expect(page.locator("body"), form).not.toContainText(RAW_KEY);
      }
      await page.goto("/admin/tagManage/create");
      await expect(page.locator('input[name="name"]')).toBeVisible();
      const createTitle = (await page
        .getByRole("heading", { level: 1 })
        .textContent())!.trim();
      expect(createTitle).not.toBe("");
      await expect(page).toHaveTitle(`${createTitle} - ${site}`);
      await page.goto("/admin/noSuchPage");
      await expect(page).toHaveTitle(
        language === "zh-CN"
          ? "页面不存在 - 灯台"
          : "Page not found - Lampstand",
      );
    });
  }

  test("follows a language switch, and names pages outside the back office", async ({
    page,
  }) => {
    await loginViaApi(page, "/admin/tagManage");
    await expect(page).toHaveTitle("标签管理 - 灯台");
    await page.getByRole("button", { name: "简体中文" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect(page).toHaveTitle("Tags - Lampstand");
    // An unknown path outside /admin is the public site's 404, in the language chosen in
    // the back office (the choice is a cookie the server reads too).
    await page.goto("/no/such/page");
    await expect(page).toHaveTitle("Page not found · Lampstand Q&A community");
  });
});

test("the back-to-top button appears on scroll, 80 px from the bottom", async ({
  page,
  request,
}) => {
  const { token } = await apiLogin(request);
  const stamp = Date.now();
  for (let i = 0; i < 30; i++) {
    await request.post("/tjc/tags", {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: `滚动${stamp}-${i}`, sortOrder: 500 + i },
    });
  }
  await page.setViewportSize({ width: 1024, height: 600 });
  await loginViaApi(page, "/admin/tagManage");
  await expect(page.getByText(`滚动${stamp}-0`)).toBeVisible();
  const button = page.getByTestId("back-to-top");
  await expect(button).toHaveCount(0);
  await page.mouse.wheel(0, 2000);
  await expect(button).toBeVisible();
  // measured once the zoom-in transition has finished
  await expect
    .poll(async () => {
      const box = (await button.boundingBox())!;
      return Math.round(600 - (box.y + box.height));
    })
    .toBe(80);
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

test("the loading overlay shows while a save runs", async ({ page }) => {
  await loginViaApi(page, "/admin/tagManage/create");
  await page.route("**/tjc/tags", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page
    .getByRole("textbox", { name: "名称", exact: true })
    .fill(`加载${Date.now()}`);
  await page.getByRole("button", { name: "保存" }).click();
  const overlay = page.getByTestId("loading-overlay");
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText("加载中");
  await expect(page).toHaveURL("/admin/tagManage");
  await expect(overlay).toBeHidden();
});

test("a chunk that fails to load says so and offers a reload", async ({
  page,
}) => {
  await page.goto("/ubTest1");
  await expect(
    page.getByRole("heading", { name: "用户行为测试 1" }),
  ).toBeVisible();
  await page.route(/\/assets\/RegionTreePage-[^/]+\.js$/, (route) =>
    route.abort(),
  );
  await page.getByRole("link", { name: "/test/tree" }).click();
  const alert = page.getByTestId("chunk-error");
  await expect(alert).toContainText("加载代码块 region-tree 失败");
  await page.unroute(/\/assets\/RegionTreePage-[^/]+\.js$/);
  await alert.getByRole("button", { name: "重新加载" }).click();
  await expect(page.getByTestId("chunk-error")).toHaveCount(0);
  await expect(page).toHaveURL("/test/tree");
});

test("back and forward restore the scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 500 });
  await loginViaApi(page, "/admin");
  // The tiles follow the user's permissions: wait for them, or the page is not yet tall.
  await expect(
    page.getByRole("heading", { name: "问答社区", level: 2 }),
  ).toBeVisible();
  await page.mouse.wheel(0, 400);
  await expect
    .poll(() => page.evaluate(() => window.scrollY))
    .toBeGreaterThan(100);
  const before = await page.evaluate(() => window.scrollY);
  // a plain DOM click: Playwright's own click would first scroll the link into view
  await page
    .getByRole("link", { name: "角色管理" })
    .first()
    .evaluate((a: HTMLElement) => a.click());
  await expect(page).toHaveURL("/admin/system/roleManage");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
});

test.describe("public site", () => {
  test("answers each public route with its own localized shell", async ({
    page,
  }) => {
    await page.goto("/tagList");
    await expect(
      page.getByRole("heading", { name: "问答标签", level: 1 }),
    ).toBeVisible();
    await page
      .getByRole("navigation")
      .getByRole("link", { name: "精选回答" })
      .click();
    await expect(page).toHaveURL("/choicenessCommon");
    await expect(
      page.getByRole("heading", { name: "精选回答", level: 1 }),
    ).toBeVisible();
    await page.getByLabel("语言").selectOption("en-US");
    await expect(
      page.getByRole("heading", { name: "Recommended answers", level: 1 }),
    ).toBeVisible();
    await page.goto("/ask");
    await expect(
      page.getByRole("heading", { name: "Q&A community", level: 1 }),
    ).toBeVisible();
    // No question 1 on a fresh install: the not-found page, in the chosen language.
    await page.goto("/topicDetail?id=999999");
    await expect(
      page.getByRole("heading", { name: "Page not found", level: 1 }),
    ).toBeVisible();
  });

  test("switches the language without JavaScript, back on the same page", async ({
    browser,
  }) => {
    // On a phone, where the header wraps. (axe needs the page's JavaScript, so the
    // header is checked by the public pages' axe runs, where the button is not drawn.)
    const context = await browser.newContext({
      javaScriptEnabled: false,
      locale: "zh-CN",
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto("/sermons?page=1");
    await expect(
      page.getByRole("heading", { name: "讲道", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "切换" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByLabel("语言").selectOption("en-US");
    await page.getByRole("button", { name: "切换" }).click();
    await expect(page).toHaveURL("/sermons?page=1");
    await expect(
      page.getByRole("heading", { name: "Sermons", level: 1 }),
    ).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await page.getByLabel("Language").selectOption("zh-CN");
    await page.getByRole("button", { name: "Switch" }).click();
    await expect(
      page.getByRole("heading", { name: "讲道", level: 1 }),
    ).toBeVisible();
    await context.close();
  });

  test("a language chosen before the page's script ran is acted on when it runs", async ({
    page,
  }) => {
    // The script held back until the choice is made, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // A module script holds DOMContentLoaded back: the page is read as it arrives.
    await page.goto("/sermons", { waitUntil: "commit" });
    await page.getByLabel("语言").selectOption("en-US");
    release();
    await expect(
      page.getByRole("heading", { name: "Sermons", level: 1 }),
    ).toBeVisible();
  });
});

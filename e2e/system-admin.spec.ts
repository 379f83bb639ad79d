import {
  expect,
  test,
  type APIRequestContext,
  type Page,
} from "@playwright/test";
import {
  E2E_USER_PASSWORD,
  apiLogin,
  expectNoSidewaysScroll,
  createUserWithRole,
  expectNoSeriousA11yViolations,
  openAsUser,
  loginViaApi,
  useLanguage,
} from "./helpers";

/**
 * The system screens of issue 10 that came last: configuration, the menu registry
 * (resource pages), the permission tree and the profile, plus the site's name in the
 * title bar. Every form gets bad input before good; nothing here changes what other specs
 * rely on (built-in settings and entries are only opened, never saved).
 */

const PASSWORD = E2E_USER_PASSWORD;

async function adminHeaders(request: APIRequestContext) {
  const { token } = await apiLogin(request);
  return { Authorization: `Bearer ${token}` };
}

/** Non-GET calls to an API path, to prove a refused form sends nothing. */
function watchWrites(page: Page, apiPath: string) {
  const writes: string[] = [];
  page.on("request", (r) => {
    if (
      r.method() !== "GET" &&
      new URL(r.url()).pathname.startsWith(`/tjc/${apiPath}`)
    )
      writes.push(`${r.method()} ${r.url()}`);
  });
  return writes;
}

async function expectNoCrash(page: Page) {
  await expect(page.getByText(/Something went wrong|页面出错了/)).toHaveCount(
    0,
  );
}

const saveButton = (page: Page, name = "保存") =>
  page.getByRole("button", { name, exact: true });

test.describe("system configuration", () => {
  test("bad keys and values are refused in the form; a JSON setting is created, edited, refused when stale and deleted", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await loginViaApi(page, "/admin/system/configManage");
    await expect(
      page.getByRole("row").filter({ hasText: "site.name" }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, "config list");

    await page.goto("/admin/system/configManage/create");
    const writes = watchWrites(page, "system/configs");
    const key = page.getByRole("textbox", { name: "键", exact: true });
    const value = page.getByRole("textbox", { name: "值", exact: true });

    // Typed, then emptied.
    await key.fill("x");
    await key.fill("");
    await saveButton(page).click();
    await expect(page.getByText("此项为必填项").first()).toBeVisible();
    await expectNoCrash(page);

    await key.fill("Not A Key");
    await saveButton(page).click();
    await expect(
      page.getByText("配置键由小写字母、数字和点组成，如 site.name"),
    ).toBeVisible();

    const stamp = Date.now();
    await key.fill(`e2e.probe${stamp}`);
    await page.getByRole("combobox", { name: "类型" }).click();
    await page.getByRole("option", { name: "数字" }).click();
    await value.fill("thirty");
    await saveButton(page).click();
    await expect(page.getByText("值与配置类型不符")).toBeVisible();

    await page.getByRole("combobox", { name: "类型" }).click();
    await page.getByRole("option", { name: "JSON" }).click();
    await value.fill('{"a": 1,');
    await saveButton(page).click();
    await expect(page.getByText("值与配置类型不符")).toBeVisible();
    await page
      .getByRole("textbox", { name: "说明", exact: true })
      .fill("x".repeat(256));
    await saveButton(page).click();
    await expect(page.getByText("最多 255 个字符")).toBeVisible();
    expect(writes).toEqual([]);

    // A switch holds only true or false.
    await page.getByRole("combobox", { name: "类型" }).click();
    await page.getByRole("option", { name: "开关" }).click();
    await expect(page.getByRole("switch", { name: "值" })).not.toBeChecked();
    await page.getByRole("combobox", { name: "类型" }).click();
    await page.getByRole("option", { name: "JSON" }).click();

    await value.fill('{"a": [1, 2]}');
    await page
      .getByRole("textbox", { name: "说明", exact: true })
      .fill("端到端测试");
    await expectNoSeriousA11yViolations(page, "config form");
    const created = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" &&
        new URL(r.url()).pathname === "/tjc/system/configs",
    );
    await saveButton(page).click();
    const answer = await (await created).json();
    expect(answer.code).toBe(0);
    expect(answer.data).toMatchObject({ type: "json", value: '{"a": [1, 2]}' });
    await expect(page).toHaveURL("/admin/system/configManage");

    // Stale: someone else saves meanwhile.
    const id = answer.data.id as number;
    await page.goto(`/admin/system/configManage/${id}`);
    await expect(value).toHaveValue('{"a": [1, 2]}');
    const headers = await adminHeaders(request);
    const meanwhile = await request.put(`/tjc/system/configs/${id}`, {
      headers,
      data: {
        key: `e2e.probe${stamp}`,
        type: "json",
        value: "[]",
        version: answer.data.version,
      },
    });
    expect((await meanwhile.json()).code).toBe(0);
    await value.fill('{"b": true}');
    await saveButton(page).click();
    await expect(page.getByText(/数据冲突/).first()).toBeVisible();
    await expect(page).toHaveURL(`/admin/system/configManage/${id}`);

    // Fresh: it saves, and the list shows it; then it is deleted.
    await page.reload();
    await expect(value).toHaveValue("[]");
    await value.fill('{"b": true}');
    await saveButton(page).click();
    await expect(page).toHaveURL("/admin/system/configManage");
    await page.getByLabel("键前缀").fill(`e2e.probe${stamp}`);
    // The filter reaches the URL 500 ms after the last key: a row opened before that is
    // left again when it lands (on a loaded machine the list then came back with a row
    // selected, and the test waited two minutes for a delete button under its header).
    await expect(page).toHaveURL(/filter=.*e2e\.probe\d+/);
    const row = page.getByRole("row").filter({ hasText: `e2e.probe${stamp}` });
    await expect(row).toContainText('{"b": true}');
    // A click while the filtered page replaces the rows can be lost (it once left the
    // list with a row selected and its bulk bar up): retry it until the record opens.
    await expect(async () => {
      await row.click();
      await expect(page).toHaveURL(/\/admin\/system\/configManage\/\d+$/, {
        timeout: 2000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(
      page.getByRole("textbox", { name: "键", exact: true }),
    ).toHaveValue(`e2e.probe${stamp}`);
    await page.getByRole("button", { name: "删除" }).click();
    await page.getByRole("button", { name: "确认" }).click();
    await expect(page).toHaveURL(/\/admin\/system\/configManage(\?|$)/);
    await expect(
      page.getByRole("row").filter({ hasText: `e2e.probe${stamp}` }),
    ).toHaveCount(0);
  });

  test("a built-in key keeps its key and type and offers no delete; the admin's title bar shows site.name", async ({
    page,
    request,
  }) => {
    const site = (await (await request.get("/tjc/system/site")).json()).data;
    await loginViaApi(page, "/admin/system/configManage");
    await page.getByLabel("键前缀").fill("site.name");
    // A row opened before the debounced filter reaches the URL is left again when it does.
    await expect(page).toHaveURL(/filter=.*site\.name/);
    // A click while the filtered page replaces the rows can be lost: retry it.
    await expect(async () => {
      await page.getByRole("row").filter({ hasText: "site.nameEn" }).click();
      await expect(page).toHaveURL(/\/admin\/system\/configManage\/\d+$/, {
        timeout: 2000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(
      page.getByRole("textbox", { name: "键", exact: true }),
    ).toBeDisabled();
    await expect(page.getByRole("combobox", { name: "类型" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(
      page.getByText("内置配置项：键和类型不能修改，也不能删除"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "删除" })).toHaveCount(0);
    // Built-in rows cannot be picked for a bulk delete either.
    await page.goBack();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: "site.nameEn" })
        .getByRole("checkbox"),
    ).toBeDisabled();

    // The title bar and the tab carry the configured name, in the interface's language.
    await expect(page.getByRole("banner")).toContainText(
      `${site.name}管理后台`,
    );
    await expect(page).toHaveTitle(`系统配置 - ${site.name}`);
  });

  test("English: the same refusals in English", async ({ page }) => {
    test.setTimeout(60_000);
    await useLanguage(page, "en-US");
    await loginViaApi(page, "/admin/system/configManage/create");
    const writes = watchWrites(page, "system/configs");
    await page
      .getByRole("textbox", { name: "Key", exact: true })
      .fill("e2e.english");
    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Number" }).click();
    await page.getByRole("textbox", { name: "Value", exact: true }).fill("1e");
    await saveButton(page, "Save").click();
    await expect(
      page.getByText("The value does not match the type"),
    ).toBeVisible();
    expect(writes).toEqual([]);
  });
});

test.describe("resource pages, the menu registry", () => {
  test("the list is in the menu's order; an entry is refused when bad, created, shown in the menu, reordered, hidden and deleted", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await loginViaApi(page, "/admin/system/resourcePageManage");
    const rows = page.locator("tbody tr");
    // The first load of a list can be slow on a busy machine.
    await expect(rows.nth(0)).toContainText("系统管理", { timeout: 20_000 });
    await expect(rows.nth(1)).toContainText("用户管理");
    await expect(rows.nth(2)).toContainText("角色管理");
    await expectNoSeriousA11yViolations(page, "resource page list");

    await page.goto("/admin/system/resourcePageManage/create");
    const writes = watchWrites(page, "system/resource-pages");
    const titleZh = page.getByRole("textbox", { name: "中文标题" });
    const titleEn = page.getByRole("textbox", { name: "英文标题" });
    await titleZh.fill("x");
    await titleZh.fill("");
    await saveButton(page).click();
    await expect(page.getByText("此项为必填项").first()).toBeVisible();
    await expectNoCrash(page);
    await page.getByRole("textbox", { name: "路径" }).fill("bad path!");
    await titleZh.fill("   ");
    await titleEn.fill("x".repeat(65));
    await saveButton(page).click();
    await expect(page.getByText("格式不正确")).toBeVisible();
    await expect(page.getByText("最多 64 个字符")).toBeVisible();
    expect(writes).toEqual([]);

    // A second entry for a real page, titled as the page, so whatever another spec sees
    // in the menu meanwhile still opens a page of that name.
    await page
      .getByRole("textbox", { name: "路径" })
      .fill("system/permission/resource");
    await titleZh.fill("权限资源");
    await titleEn.fill("Permission resources");
    await page.getByRole("combobox", { name: "图标" }).click();
    await page.getByRole("option", { name: "Star" }).click();
    await expect(
      page.getByTestId("icon-preview").getByLabel("Star"),
    ).toBeVisible();
    await page.getByRole("combobox", { name: "所属分组" }).click();
    await page.getByRole("option", { name: "内容管理" }).click();
    await page.getByRole("spinbutton", { name: "排序" }).fill("0");
    const permission = page.getByRole("combobox", { name: "权限" });
    await permission.fill("permission:read");
    await page.getByRole("option", { name: /permission:read/ }).click();
    await expectNoSeriousA11yViolations(page, "resource page form");
    const created = page.waitForResponse(
      (r) =>
        r.request().method() === "POST" &&
        new URL(r.url()).pathname === "/tjc/system/resource-pages",
    );
    await saveButton(page).click();
    const answer = await (await created).json();
    expect(answer.code, JSON.stringify(answer)).toBe(0);
    expect(answer.data).toMatchObject({
      icon: "Star",
      permission: "permission:read",
      sortOrder: 0,
      visible: true,
    });
    const id = answer.data.id as number;
    const headers = await adminHeaders(request);
    try {
      // At the next load the menu has it, first in its group (sort order 0).
      await page.goto("/admin");
      const menu = page.getByTestId("admin-menu");
      await menu.getByRole("button", { name: "内容管理" }).click();
      const content = menu.getByRole("group", { name: "内容管理" });
      await expect(content.getByRole("link").first()).toHaveText("权限资源");

      // Moved to the end of the group, then hidden: the menu follows at each load.
      await page.goto(`/admin/system/resourcePageManage/${id}`);
      await page.getByRole("spinbutton", { name: "排序" }).fill("999999");
      await saveButton(page).click();
      await expect(page).toHaveURL(
        /\/admin\/system\/resourcePageManage(\?.*)?$/,
      );
      await page.goto("/admin");
      await menu.getByRole("button", { name: "内容管理" }).click();
      await expect(content.getByRole("link").last()).toHaveText("权限资源");
      await expect(content.getByRole("link").first()).not.toHaveText(
        "权限资源",
      );

      await page.goto(`/admin/system/resourcePageManage/${id}`);
      await page.getByRole("switch", { name: "显示" }).uncheck();
      await saveButton(page).click();
      await expect(page).toHaveURL(
        /\/admin\/system\/resourcePageManage(\?.*)?$/,
      );
      await page.goto("/admin");
      await menu.getByRole("button", { name: "内容管理" }).click();
      await expect(content.getByText("权限资源")).toHaveCount(0);

      // Stale, then deleted.
      await page.goto(`/admin/system/resourcePageManage/${id}`);
      await expect(titleZh).toHaveValue("权限资源");
      const current = (
        await (
          await request.get(`/tjc/system/resource-pages/${id}`, { headers })
        ).json()
      ).data;
      const meanwhile = await request.put(`/tjc/system/resource-pages/${id}`, {
        headers,
        data: {
          path: current.path,
          titleZh: current.titleZh,
          titleEn: "Permission resources",
          icon: "Label",
          parentId: current.parentId,
          version: current.version,
        },
      });
      expect((await meanwhile.json()).code).toBe(0);
      await titleEn.fill("Permission resources ");
      await page.getByRole("combobox", { name: "图标" }).click();
      await page.getByRole("option", { name: "Forum" }).click();
      await saveButton(page).click();
      await expect(page.getByText(/数据冲突/).first()).toBeVisible();
      await page.reload();
      await page.getByRole("button", { name: "删除" }).click();
      await page.getByRole("button", { name: "确认" }).click();
      await expect(page).toHaveURL(
        /\/admin\/system\/resourcePageManage(\?.*)?$/,
      );
    } finally {
      await request.delete(`/tjc/system/resource-pages/${id}`, { headers });
    }
    const gone = await (
      await request.get(`/tjc/system/resource-pages/${id}`, { headers })
    ).json();
    expect(gone.code).toBe(40400);
  });

  test("a built-in entry keeps its path and offers no delete", async ({
    page,
  }) => {
    await loginViaApi(page, "/admin/system/resourcePageManage");
    await page.locator("tbody tr").filter({ hasText: "用户管理" }).click();
    await expect(page.getByRole("textbox", { name: "路径" })).toBeDisabled();
    await expect(page.getByRole("textbox", { name: "路径" })).toHaveValue(
      "system/userManage",
    );
    await expect(page.getByRole("button", { name: "删除" })).toHaveCount(0);
  });
});

test.describe("the permission tree", () => {
  test("shows group → module → action with each code's routes and roles, and a search narrows it", async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await loginViaApi(page, "/admin/system/permission/resource");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "权限资源",
    );
    await expect(
      page.getByRole("heading", { level: 2, name: "系统管理" }),
    ).toBeVisible();
    // The first group is open; the others open on a click.
    await expect(page.getByTestId("perm-row-user:delete")).toContainText(
      "DELETE /tjc/system/users/:id",
    );
    await expect(page.getByTestId("perm-row-tag:delete")).toHaveCount(0);
    await page
      .getByTestId("perm-group-content")
      .getByRole("button", { name: "内容管理" })
      .click();
    const tagDelete = page.getByTestId("perm-row-tag:delete");
    await expect(tagDelete).toContainText("删除");
    await expect(tagDelete).toContainText("DELETE /tjc/tags/:id");
    await expect(tagDelete).toContainText("管理员");
    await expect(tagDelete).toContainText("编辑");
    await expectNoSeriousA11yViolations(page, "permission tree");

    const search = page.getByRole("searchbox", {
      name: "搜索代码、名称、接口或角色",
    });
    await search.fill("askComplaint:update");
    await expect(page.locator('[data-testid^="perm-row-"]')).toHaveCount(1);
    await expect(page.getByTestId("perm-count")).toHaveText("共 1 个权限代码");
    // By a route.
    await search.fill("/tjc/system/permissions");
    await expect(page.getByTestId("perm-row-permission:read")).toBeVisible();
    await search.fill("no-such-code-anywhere");
    await expect(page.getByText("没有匹配的权限代码")).toBeVisible();
  });

  test("English labels", async ({ page }) => {
    await useLanguage(page, "en-US");
    await loginViaApi(page, "/admin/system/permission/resource");
    await page
      .getByTestId("perm-group-content")
      .getByRole("button", { name: "Content" })
      .click();
    await expect(page.getByTestId("perm-row-tag:read")).toContainText("View");
    await expect(
      page.getByRole("heading", { level: 2, name: "Content" }),
    ).toBeVisible();
  });

  test("an editor is refused the permission tree, configuration and resource pages", async ({
    page,
    request,
  }) => {
    const loginName = `e2e-perm-editor-${Date.now()}`;
    await createUserWithRole(request, "editor", loginName);
    await openAsUser(page, loginName, "/admin/system/permission/resource");
    await expect(page.getByTestId("access-denied")).toBeVisible();
    await page.goto("/admin/system/configManage");
    await expect(page.getByTestId("access-denied")).toBeVisible();
    await page.goto("/admin/system/resourcePageManage");
    await expect(page.getByTestId("access-denied")).toBeVisible();
  });
});

test.describe("the profile", () => {
  test("reached from the user menu: name and e-mail are checked, the language switches, the password changes", async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const loginName = `e2e-profile-${Date.now()}`;
    await createUserWithRole(request, "editor", loginName);
    await openAsUser(page, loginName, "/admin");
    await page
      .getByRole("button", { name: `${loginName}（个人资料）` })
      .click();
    await page.getByRole("menuitem", { name: "个人资料" }).click();
    await expect(page).toHaveURL("/admin/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "个人资料",
    );
    const writes = watchWrites(page, "auth/");
    const name = page.getByRole("textbox", { name: "姓名" });
    await expect(name).toHaveValue(loginName);
    await name.fill("");
    await page.getByRole("textbox", { name: "邮箱" }).fill("not-an-email");
    await saveButton(page).click();
    await expect(page.getByText("此项为必填项")).toBeVisible();
    await name.fill("x".repeat(65));
    await saveButton(page).click();
    await expect(page.getByText("最多 64 个字符")).toBeVisible();
    expect(writes).toEqual([]);
    await expectNoSeriousA11yViolations(page, "profile");

    // Display names are unique, so each run takes its own.
    const displayName = `资料${loginName.slice(-6)}`;
    await name.fill(displayName);
    await page.getByRole("textbox", { name: "邮箱" }).fill("p@example.org");
    await page.getByRole("combobox", { name: "界面语言" }).click();
    await page.getByRole("option", { name: "English" }).click();
    await saveButton(page).click();
    // Saved in the new language, which the whole interface now speaks.
    await expect(page.getByText("Profile saved")).toBeVisible();
    // The app bar (and its h1) hides while the page is scrolled down to the save button,
    // as react-admin's does; it shows again at the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Profile");
    // A new address waits for its link before it is used.
    await expect(
      page.getByRole("status").filter({ hasText: "p@example.org" }),
    ).toBeVisible();
    await expect(
      page.getByRole("button", { name: `${displayName} (profile)` }),
    ).toBeVisible();

    // Password: refused in the form, refused by the server, then changed.
    const oldPassword = page.getByRole("textbox", {
      name: "Current password",
      exact: true,
    });
    const newPassword = page.getByRole("textbox", {
      name: "New password",
      exact: true,
    });
    const again = page.getByRole("textbox", {
      name: "New password again",
      exact: true,
    });
    const change = page.getByRole("button", { name: "Change password" });
    await oldPassword.fill(PASSWORD);
    await newPassword.fill("12345678");
    await again.fill("12345678");
    await change.click();
    await expect(
      page.getByText("This password is too common; choose another"),
    ).toBeVisible();
    await newPassword.fill("a-new-lamp-2026");
    await again.fill("a-new-lamp-2027");
    await change.click();
    await expect(page.getByText("The two new passwords differ")).toBeVisible();
    expect(writes.filter((w) => w.includes("password"))).toEqual([]);

    await oldPassword.fill("not-my-password");
    await again.fill("a-new-lamp-2026");
    await change.click();
    // Said at the field, and in the notice.
    await expect(oldPassword).toHaveAccessibleDescription(
      "The current password is wrong",
    );
    await expect(
      page.getByRole("alert").filter({
        hasText: "The current password is wrong",
      }),
    ).toBeVisible();

    await oldPassword.fill(PASSWORD);
    await change.click();
    await expect(
      page.getByText("Password changed; your other sessions were signed out"),
    ).toBeVisible();
    await expect(oldPassword).toHaveValue("");
    const relogin = await (
      await request.post("/tjc/auth/login", {
        data: { loginName, password: "a-new-lamp-2026" },
      })
    ).json();
    expect(relogin.code).toBe(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const path of [
    "/admin/system/configManage",
    "/admin/system/configManage/create",
    "/admin/system/resourcePageManage",
    "/admin/system/resourcePageManage/create",
    "/admin/system/permission/resource",
    "/admin/profile",
  ]) {
    test(`${path}: no sideways scrolling, axe passes`, async ({ page }) => {
      await loginViaApi(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page, `${path} on a phone`);
    });
  }
});

test.describe("the Q&A menu's public-page entries", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  for (const [language, open, manage] of [
    ["zh-CN", "在新标签页打开", "前往"],
    ["en-US", "Open", "Go to"],
  ] as const) {
    test(`${language}: each says what its public page is and opens it; a phone, axe`, async ({
      page,
    }) => {
      test.slow(); // four pages, each with axe
      await useLanguage(page, language);
      await loginViaApi(page, "/admin");
      for (const [path, href, screen] of [
        ["ask", "/ask", "askManage"],
        ["topicDetail", "/ask", "askManage"],
        ["choicenessCommon", "/choicenessCommon", "askManage"],
        ["tagList", "/tagList", "askTagManage"],
      ] as const) {
        await page.goto(`/admin/${path}`);
        const link = page.getByRole("link", { name: new RegExp(open) });
        await expect(link).toHaveAttribute("href", href);
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(
          page.getByRole("link", { name: new RegExp(`^${manage}`) }),
        ).toHaveAttribute("href", `/admin/${screen}`);
        await expect(page.locator("body")).not.toContainText("later release");
        await expect(page.locator("body")).not.toContainText("后续版本");
        await expectNoSidewaysScroll(page);
        await expectNoSeriousA11yViolations(page, `/admin/${path} ${language}`);
      }
    });
  }
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import type { MenuEntry } from "../../../common/schemas/resource-page.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  listQuery,
  rejectsWithoutSessionAndPermission,
} from "../../test/system.js";
import { SEED_MENU, seedMenu } from "../../services/menu-seed.js";

let t: TestApp;
let tokens: Record<"admin" | "editor" | "moderator" | "member", string>;

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {
    admin: await t.loginAs("admin"),
    editor: await t.loginAs("editor"),
    moderator: await t.loginAs("moderator"),
    member: await t.loginAs("member"),
  };
});
afterAll(async () => {
  await t.close();
});

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  token = tokens.admin,
  language?: string,
) {
  return t.request({ method, url, payload, token, language });
}
async function menuOf(token: string) {
  const response = await call("GET", "/tjc/system/menu", undefined, token);
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as MenuEntry[];
}
async function pageByPath(path: string) {
  const rows = await t.app.store.db
    .selectFrom("resourcePages")
    .select(["id", "version"])
    .where("path", "=", path)
    .execute();
  const record = (
    await call("GET", `/tjc/system/resource-pages/${rows[0]!.id}`)
  ).json().data;
  return record as {
    id: number;
    version: number;
    titleZh: string;
    titleEn: string;
    icon: string;
    parentId: number;
    sortOrder: number;
    visible: boolean;
    permission: string | null;
    path: string;
  };
}
const paths = (menu: MenuEntry[]) =>
  menu.flatMap((group) => group.children.map((page) => page.path));

describe("GET /tjc/system/menu", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/system/menu",
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("an admin sees every seeded page of the spec, grouped, in order", async () => {
    const menu = await menuOf(tokens.admin);
    expect(menu.map((group) => group.titleEn)).toEqual([
      "System",
      "Content",
      "Live",
      "Q&A",
    ]);
    expect(paths(menu)).toEqual(
      SEED_MENU.flatMap((group) => group.pages.map((page) => page.path)),
    );
    expect(menu[0]!.children[0]).toMatchObject({
      path: "system/userManage",
      titleZh: "用户管理",
      titleEn: "Users",
      icon: "People",
    });
  });

  test("an editor sees only content and live pages, a moderator only Q&A moderation, a member nothing", async () => {
    const editor = await menuOf(tokens.editor);
    expect(editor.map((group) => group.titleEn)).toEqual(["Content", "Live"]);
    expect(paths(editor)).toContain("tagManage");
    const moderator = await menuOf(tokens.moderator);
    expect(moderator.map((group) => group.titleEn)).toEqual(["Q&A"]);
    expect(paths(moderator)).toContain("askManage");
    expect(await menuOf(tokens.member)).toEqual([]);
  });

  test("hiding or reordering an entry changes the menu at the next load", async () => {
    const tags = await pageByPath("tagManage");
    const hidden = await call("PUT", `/tjc/system/resource-pages/${tags.id}`, {
      ...tags,
      visible: false,
    });
    expect(hidden.json().code, hidden.body).toBe(0);
    expect(paths(await menuOf(tokens.editor))).not.toContain("tagManage");
    const shown = await call("PUT", `/tjc/system/resource-pages/${tags.id}`, {
      ...tags,
      visible: true,
      sortOrder: 0,
      version: hidden.json().data.version,
    });
    expect(shown.json().code, shown.body).toBe(0);
    const content = (await menuOf(tokens.editor)).find(
      (group) => group.titleEn === "Content",
    )!;
    expect(content.children[0]!.path).toBe("tagManage");
    // A hidden group hides its pages.
    const groupId = tags.parentId;
    const group = (
      await call("GET", `/tjc/system/resource-pages/${groupId}`)
    ).json().data;
    await call("PUT", `/tjc/system/resource-pages/${groupId}`, {
      ...group,
      visible: false,
    });
    expect((await menuOf(tokens.editor)).map((g) => g.titleEn)).toEqual([
      "Live",
    ]);
    const again = (
      await call("GET", `/tjc/system/resource-pages/${groupId}`)
    ).json().data;
    await call("PUT", `/tjc/system/resource-pages/${groupId}`, {
      ...again,
      visible: true,
    });
  });
});

describe("/tjc/system/resource-pages", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => tokens.editor,
    "GET",
    "/tjc/system/resource-pages",
  );

  test("lists entries filtered by group, parent and visibility", async () => {
    const groups = await call(
      "GET",
      `/tjc/system/resource-pages?${listQuery({ filter: { group: true } })}`,
    );
    expect(groups.json().data.total).toBe(4);
    const first = groups.json().data.list[0];
    const children = await call(
      "GET",
      `/tjc/system/resource-pages?${listQuery({ filter: { parentId: first.id }, range: [0, 99] })}`,
    );
    expect(children.json().data.total).toBe(SEED_MENU[0]!.pages.length);
  });

  test("an administrator adds a page, which shows for holders of its code, and deletes it", async () => {
    const group = (await pageByPath("tagManage")).parentId;
    const created = await call("POST", "/tjc/system/resource-pages", {
      path: "reports/weekly",
      titleZh: "周报",
      titleEn: "Weekly report",
      icon: "Insights",
      parentId: group,
      sortOrder: 5,
      permission: "tag:export",
    });
    expect(created.json().code, created.body).toBe(0);
    expect(created.json().data.builtIn).toBe(false);
    expect(paths(await menuOf(tokens.editor))).toContain("reports/weekly");
    expect(paths(await menuOf(tokens.moderator))).not.toContain(
      "reports/weekly",
    );
    expect(
      (
        await call(
          "DELETE",
          `/tjc/system/resource-pages/${created.json().data.id}`,
        )
      ).json().code,
    ).toBe(0);
  });

  test("bad entries are 40000; a seeded entry cannot be deleted (40900)", async () => {
    const tags = await pageByPath("tagManage");
    const base = {
      path: "x/y",
      titleZh: "x",
      titleEn: "x",
      icon: "Folder",
      parentId: tags.parentId,
    };
    for (const [payload, field] of [
      [{ ...base, icon: "Rocket" }, "icon"],
      [{ ...base, permission: "tag:fly" }, "permission"],
      [{ ...base, parentId: tags.id }, "parentId"],
      [{ ...base, parentId: 999999 }, "parentId"],
      [{ ...base, titleZh: "" }, "titleZh"],
      [{ ...base, path: "/admin/x" }, "path"],
    ] as const) {
      const response = await call(
        "POST",
        "/tjc/system/resource-pages",
        payload,
        tokens.admin,
        "en-US",
      );
      expect(response.json().code, JSON.stringify(payload)).toBe(
        Code.VALIDATION,
      );
      expect(Object.keys(response.json().data.errors)).toContain(field);
    }
    const removed = await call(
      "DELETE",
      `/tjc/system/resource-pages/${tags.id}`,
      undefined,
      tokens.admin,
      "en-US",
    );
    expect(removed.json().code).toBe(Code.CONFLICT);
    expect(removed.json().data.errors.id).toContain("hide it instead");
  });

  test("a start after an upgrade adds new pages and keeps what an administrator changed", async () => {
    const users = await pageByPath("system/userManage");
    const renamed = await call(
      "PUT",
      `/tjc/system/resource-pages/${users.id}`,
      { ...users, titleEn: "People", sortOrder: 999 },
    );
    expect(renamed.json().code).toBe(0);
    // A page the previous release did not have: its row is missing before the new start.
    await t.app.store.db
      .deleteFrom("resourcePages")
      .where("path", "=", "system/auditLog")
      .execute();
    await seedMenu(t.app.store);
    await seedMenu(t.app.store);
    const after = await pageByPath("system/userManage");
    expect(after.titleEn).toBe("People");
    expect(after.sortOrder).toBe(999);
    const audit = await t.app.store.db
      .selectFrom("resourcePages")
      .select("id")
      .where("path", "=", "system/auditLog")
      .execute();
    expect(audit).toHaveLength(1);
    const total = await t.app.store.db
      .selectFrom("resourcePages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(
      SEED_MENU.length + SEED_MENU.flatMap((g) => g.pages).length,
    );
  });
});

import { describe, expect, it } from "vitest";
import { catalogue } from "../i18n/messages";
import { flattenMessages } from "../i18n/deepMerge";
import {
  ADMIN_PAGES,
  MENU_GROUPS,
  holdsBackOfficeCode,
  pageNameKey,
} from "./adminPages";

describe.each(["zh-CN", "en-US"] as const)("menu names in %s", (language) => {
  const messages = flattenMessages(
    catalogue[language] as Record<string, unknown>,
  ) as Record<string, string>;
  const pages = ADMIN_PAGES.map((page) => ({
    path: page.path,
    name: messages[pageNameKey(page.path)],
  }));
  const groups = MENU_GROUPS.map((group) => messages[`app.menu.${group}`]);

  it("names every page", () => {
    for (const page of pages) expect(page.name, page.path).toBeTruthy();
  });

  it("never lets one entry's name be the start of another's (直播视频 / 直播视频管理)", () => {
    const clashes = pages.flatMap((a) =>
      pages
        .filter(
          (b) =>
            a.path !== b.path &&
            b.name.toLowerCase().startsWith(a.name.toLowerCase()),
        )
        .map((b) => `${a.name} / ${b.name}`),
    );
    expect(clashes).toEqual([]);
  });

  it("never names an entry like a group (问答社区 in 问答社区)", () => {
    const lower = groups.map((group) => group.toLowerCase());
    expect(
      pages.filter((page) => lower.includes(page.name.toLowerCase())),
    ).toEqual([]);
  });
});

describe("page permissions", () => {
  it("guards every page with the code the server's menu gives it", async () => {
    const { SEED_MENU } = await import("../../server/services/menu-seed");
    const seeded = Object.fromEntries(
      SEED_MENU.flatMap((group) => group.pages).map((page) => [
        page.path,
        page.permission,
      ]),
    );
    const here = Object.fromEntries(
      ADMIN_PAGES.map((page) => [page.path, page.permission]),
    );
    expect(here).toEqual(seeded);
  });

  it("counts only community codes as no back-office access", () => {
    expect(holdsBackOfficeCode([])).toBe(false);
    expect(holdsBackOfficeCode(["community:ask", "community:vote"])).toBe(
      false,
    );
    expect(holdsBackOfficeCode(["community:ask", "tag:read"])).toBe(true);
  });
});

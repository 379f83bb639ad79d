import { describe, expect, it } from "vitest";
import { catalogue } from "../i18n/messages";
import { flattenMessages } from "../i18n/deepMerge";
import { ADMIN_PAGES, MENU_GROUPS, pageNameKey } from "./adminPages";

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

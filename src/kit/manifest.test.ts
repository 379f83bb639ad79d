import { Fragment, createElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * Fresh modules for each test: the registered messages live in a module, and the test
 * workers keep their modules from one file to the next (vitest.config.ts,
 * `isolate: false`), so the made-up resources here stay out of other files' catalogue.
 */
async function fresh() {
  vi.resetModules();
  const [{ createI18nProvider }, { resourceManifest }] = await Promise.all([
    import("../providers/i18nProvider"),
    import("./manifest"),
  ]);
  return { createI18nProvider, resourceManifest };
}

let modules: Awaited<ReturnType<typeof fresh>>;
beforeEach(async () => {
  modules = await fresh();
});

const List = () => null;

describe("a manifest's record name", () => {
  it("is registered with the i18n provider, singular and plural, in both languages", async () => {
    const { createI18nProvider, resourceManifest } = modules;
    const provider = createI18nProvider();
    const key = "resources.admin/demoNotes.name";
    await provider.changeLocale("en-US");
    expect(provider.translate(key, { _: "missing" })).toBe("missing");
    const manifest = resourceManifest({
      name: "admin/demoNotes",
      apiPath: "demo-notes",
      permissionModule: "demoNote",
      list: List,
      recordName: { "zh-CN": "笔记", "en-US": "Note |||| Notes" },
    });
    expect(manifest.recordName).toEqual({
      "zh-CN": "笔记",
      "en-US": "Note |||| Notes",
    });
    expect(provider.translate(key, { smart_count: 1 })).toBe("Note");
    expect(provider.translate(key, { smart_count: 2 })).toBe("Notes");
    // a resource without a menu entry has no list title of the menu's
    expect(
      provider.translate("resources.admin/demoNotes.page.list", {
        _: "none",
      }),
    ).toBe("none");
    await provider.changeLocale("zh-CN");
    expect(provider.translate(key, { smart_count: 1 })).toBe("笔记");
    expect(provider.translate(key, { smart_count: 2 })).toBe("笔记");
  });

  it("comes with the list's title: the menu entry's, unless the manifest says otherwise", async () => {
    const { createI18nProvider, resourceManifest } = modules;
    const provider = createI18nProvider();
    await provider.changeLocale("zh-CN");
    const fromMenu = resourceManifest({
      page: "askConfig",
      apiPath: "ask/admin/config",
      permissionModule: "askConfig",
      list: List,
      recordName: {
        "zh-CN": "问答配置项",
        "en-US": "Q&A setting |||| Q&A settings",
      },
    });
    expect(fromMenu.messages?.["zh-CN"]).toEqual({
      resources: {
        "admin/askConfig": { name: "问答配置项", page: { list: "问答配置" } },
      },
    });
    expect(provider.translate("resources.admin/askConfig.page.list")).toBe(
      "问答配置",
    );
    resourceManifest({
      page: "tagList",
      apiPath: "ask/admin/tag-list",
      permissionModule: "askTag",
      list: List,
      recordName: { "zh-CN": "标签", "en-US": "Tag |||| Tags" },
      listTitle: { "zh-CN": "全部标签", "en-US": "All tags" },
    });
    expect(provider.translate("resources.admin/tagList.page.list")).toBe(
      "全部标签",
    );
    await provider.changeLocale("en-US");
    expect(provider.translate("resources.admin/askConfig.page.list")).toBe(
      "Q&A settings",
    );
    expect(provider.translate("resources.admin/tagList.page.list")).toBe(
      "All tags",
    );
    await provider.changeLocale("zh-CN");
  });

  it("is required of a resource App.tsx registers, not of one made of pages only", () => {
    const { resourceManifest } = modules;
    expect(() =>
      resourceManifest({
        name: "admin/nameless",
        apiPath: "nameless",
        permissionModule: "nameless",
        list: List,
      }),
    ).toThrow("admin/nameless needs a recordName");
    const pagesOnly = resourceManifest({
      page: "askConfig",
      permissionModule: "askConfig",
      pages: [{ path: "askConfig", element: createElement(Fragment) }],
    });
    expect(pagesOnly.messages).toBeUndefined();
  });
});

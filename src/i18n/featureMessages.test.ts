import { beforeEach, describe, expect, it, vi } from "vitest";

/**
 * Fresh modules for each test: the registry of loaded feature messages lives in a module,
 * and the test workers keep their modules from one file to the next (vitest.config.ts,
 * `isolate: false`), so another file may already have loaded the features read here.
 */
async function fresh() {
  vi.resetModules();
  const [{ createI18nProvider }, { lazyChunk }, { loadFeatureMessages }] =
    await Promise.all([
      import("../providers/i18nProvider"),
      import("../layout/chunks"),
      import("./featureMessages"),
    ]);
  return { createI18nProvider, lazyChunk, loadFeatureMessages };
}

let modules: Awaited<ReturnType<typeof fresh>>;
beforeEach(async () => {
  modules = await fresh();
});

describe("feature messages loaded with their screens", () => {
  it("reach the provider at once, in the language shown and after a switch", async () => {
    const { createI18nProvider, loadFeatureMessages } = modules;
    const provider = createI18nProvider();
    await provider.changeLocale("zh-CN");
    const key = "resources.admin/system/userManage.fields.loginName";
    // the shell alone does not carry a feature's keys
    expect(provider.translate(key, { _: "missing" })).toBe("missing");
    expect(provider.translate("app.menu.home")).toBe("首页");
    await loadFeatureMessages(["system"]);
    const zh = provider.translate(key);
    expect(zh).not.toBe(key);
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
    await provider.changeLocale("en-US");
    expect(provider.getLocale()).toBe("en-US");
    const en = provider.translate(key);
    expect(en).not.toBe(key);
    expect(en).not.toBe(zh);
    // the shell's own keys are still there
    expect(provider.translate("app.menu.home")).toBe("Home");
    await provider.changeLocale("zh-CN");
  });

  it("are registered before a lazy page's component first renders", async () => {
    const { createI18nProvider, lazyChunk } = modules;
    const provider = createI18nProvider();
    await provider.changeLocale("en-US");
    const key = "moderation.review.pending_count";
    expect(provider.translate(key, { _: "missing", count: 2 })).toBe("missing");
    const Page = lazyChunk(
      "test-page",
      () => Promise.resolve({ default: () => null }),
      ["moderation"],
    );
    await Page.preload();
    expect(provider.translate(key, { count: 2 })).toBe("2 waiting for review");
    await provider.changeLocale("zh-CN");
  });
});

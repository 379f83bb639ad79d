import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import {
  AdminContext,
  ListContextProvider,
  ResourceContextProvider,
  testDataProvider,
  useList,
  type AuthProvider,
} from "react-admin";
import { i18nProvider } from "../../../providers/i18nProvider";
import { loadFeatureMessages } from "../../../i18n/featureMessages";
import { BulkActions } from "./ResourcePageList";
import { RESOURCE } from "./useGroups";

afterEach(cleanup);

const authProvider: AuthProvider = {
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkAuth: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
  canAccess: () => Promise.resolve(true),
};

function Selected({ ids }: { ids: number[] }) {
  const list = useList({
    data: ids.map((id) => ({ id, titleZh: `页面${id}` })),
  });
  return (
    <ListContextProvider value={{ ...list, selectedIds: ids }}>
      <BulkActions />
    </ListContextProvider>
  );
}

function renderSelected(ids: number[]) {
  render(
    <AdminContext
      i18nProvider={i18nProvider}
      authProvider={authProvider}
      dataProvider={testDataProvider()}
    >
      <ResourceContextProvider value={RESOURCE}>
        <Selected ids={ids} />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe("资源页面's hide/show confirmation (issue 25 item 19)", () => {
  for (const [locale, hide, one, two] of [
    ["zh-CN", "隐藏", "隐藏 1 个页面", "确定在菜单中隐藏选中的 2 个页面吗？"],
    [
      "en-US",
      "Hide",
      "Hide one page",
      "Hide the 2 selected pages from the menu?",
    ],
  ] as const) {
    it(`says what it does in ${locale}, with no raw placeholder`, async () => {
      await i18nProvider.changeLocale(locale);
      await loadFeatureMessages(["system"]);
      renderSelected([1]);
      fireEvent.click(await screen.findByRole("button", { name: hide }));
      let dialog = await screen.findByRole("dialog");
      expect(dialog.textContent).toContain(one);
      expect(dialog.textContent).not.toContain("%{");
      cleanup();
      renderSelected([1, 2]);
      fireEvent.click(await screen.findByRole("button", { name: hide }));
      dialog = await screen.findByRole("dialog");
      expect(dialog.textContent).toContain(two);
      expect(dialog.textContent).not.toContain("%{");
    });
  }
});

describe("the other bulk updates' confirmation (believers, users)", () => {
  for (const locale of ["zh-CN", "en-US"] as const)
    it(`has no placeholder a bulk update leaves unfilled in ${locale}`, async () => {
      await i18nProvider.changeLocale(locale);
      for (const key of ["title", "content"])
        for (const smart_count of [1, 3]) {
          const text = i18nProvider.translate(`app.bulk_update.${key}`, {
            smart_count,
            name: "x",
          });
          expect(text, `${key} ${smart_count}`).not.toContain("%{");
          expect(text).toContain("x");
          expect(text).not.toBe(`app.bulk_update.${key}`);
        }
    });
});

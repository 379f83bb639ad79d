import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { AdminContext } from "react-admin";
import { DashboardWidgets } from "./DashboardWidgets";
import { mainClient } from "../http";
import { i18nProvider } from "../providers/i18nProvider";
import { loadFeatureMessages } from "../i18n/featureMessages";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the dashboard's recent activity (issue 25 item 19)", () => {
  for (const [locale, line, unknown] of [
    ["zh-CN", "admin · 新建 · 文章 #3", "admin · 修改 · someday-resource"],
    [
      "en-US",
      "admin · Create · Articles #3",
      "admin · Update · someday-resource",
    ],
  ] as const)
    it(`reads its codes as words in ${locale}`, async () => {
      await i18nProvider.changeLocale(locale);
      await loadFeatureMessages(["dashboard"]);
      const entry = {
        loginName: "admin",
        createdAt: "2026-11-20T08:00:00.000Z",
      };
      vi.spyOn(mainClient, "get").mockResolvedValue({
        data: {
          audit: [
            {
              ...entry,
              id: 1,
              action: "create",
              resource: "articles",
              recordId: "3",
            },
            // A code without a label shows as it is.
            {
              ...entry,
              id: 2,
              action: "update",
              resource: "someday-resource",
              recordId: null,
            },
          ],
        },
      } as never);
      render(
        <AdminContext i18nProvider={i18nProvider}>
          <DashboardWidgets />
        </AdminContext>,
      );
      expect(await screen.findByText(line)).toBeTruthy();
      expect(screen.getByText(unknown)).toBeTruthy();
      expect(screen.queryByText(/create · articles/)).toBeNull();
    });
});

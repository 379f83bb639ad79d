import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import TablePagination from "@mui/material/TablePagination";
import { AdminContext } from "react-admin";
import { i18nProvider } from "../providers/i18nProvider";
import { AppTablePagination } from "./AppTablePagination";

afterEach(cleanup);

const props = {
  component: "div" as const,
  count: 1,
  page: 0,
  rowsPerPage: 25,
  rowsPerPageOptions: [25],
  onPageChange: () => {},
};

describe("the moderation lists' pagination (issue 25 item 13)", () => {
  it("reads in Chinese in the Chinese admin: the range and the page buttons", async () => {
    await i18nProvider.changeLocale("zh-CN");
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <AppTablePagination {...props} />
      </AdminContext>,
    );
    expect(screen.getByText("1-1，共 1 条")).toBeTruthy();
    expect(screen.getByRole("button", { name: "转到下一页" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "转到上一页" })).toBeTruthy();
    expect(screen.queryByText(/of 1/)).toBeNull();
  });

  it("reads in English in the English admin", async () => {
    await i18nProvider.changeLocale("en-US");
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <AppTablePagination {...props} />
      </AdminContext>,
    );
    expect(screen.getByText("1-1 of 1")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Go to next page" }),
    ).toBeTruthy();
  });

  it("is needed: MUI's own pagination stays English in the Chinese admin", async () => {
    await i18nProvider.changeLocale("zh-CN");
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <TablePagination {...props} />
      </AdminContext>,
    );
    expect(
      screen.getByRole("button", { name: "Go to next page" }),
    ).toBeTruthy();
  });
});

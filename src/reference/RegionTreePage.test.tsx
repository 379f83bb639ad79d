import "@testing-library/jest-dom/vitest";
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import RegionTreePage from "./RegionTreePage";
import { createFakeReferenceApi, PageHarness } from "./test-utils";

afterEach(cleanup);

function setup(locale: "zh-CN" | "en-US" = "zh-CN") {
  const api = createFakeReferenceApi();
  const user = userEvent.setup();
  render(
    <PageHarness api={api} locale={locale}>
      <RegionTreePage />
    </PageHarness>,
  );
  return { api, user };
}

const item = (code: string) =>
  document.querySelector<HTMLElement>(
    `[role="treeitem"][data-code="${code}"]`,
  )!;

/** The group of an item's children: the item owns it (aria-owns), beside its own row. */
const ownedGroup = async (code: string) =>
  waitFor(() => {
    const id = item(code).getAttribute("aria-owns");
    const group = id ? document.getElementById(id) : null;
    expect(group).toHaveAttribute("role", "group");
    return group!;
  });

describe("/test/tree", () => {
  it("shows the provinces first and loads nothing else", async () => {
    const { api } = setup();
    const tree = await screen.findByRole("tree", { name: "行政区划" });
    const provinces = within(tree).getAllByRole("treeitem");
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toHaveAccessibleName("北京市 110000 · 省级");
    expect(provinces[0]).toHaveAttribute("aria-expanded", "false");
    expect(api.regionCalls.filter((call) => call.parentCode)).toEqual([]);
  });

  it("expands a level when it is clicked, loading only that level", async () => {
    const { api, user } = setup();
    await screen.findByRole("tree");
    await user.click(screen.getByText("广东省"));
    expect(item("440000")).toHaveAttribute("aria-expanded", "true");
    const group = await ownedGroup("440000");
    // the item's visible text is its own row only, which its name says in full
    expect(item("440000")).toHaveTextContent(/^广东省440000 · 省级$/);
    expect(
      within(group).getByRole("treeitem", { name: /^东莞市 / }),
    ).toHaveAttribute("aria-level", "2");
    expect(api.regionCalls).toContainEqual({ parentCode: "440000" });

    await user.click(screen.getByText("广州市"));
    expect(
      await within(await ownedGroup("440100")).findByRole("treeitem", {
        name: /^天河区 /,
      }),
    ).not.toHaveAttribute("aria-expanded");

    await user.click(screen.getByText("广东省"));
    expect(item("440000")).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByText("东莞市")).not.toBeInTheDocument();
  });

  it("says when a province or a city has no subdivisions", async () => {
    const { user } = setup();
    await screen.findByRole("tree");
    await user.click(screen.getByText("香港特别行政区"));
    expect(
      await within(item("810000")).findByText("（无下级地区）"),
    ).toBeInTheDocument();
    expect(item("810000")).not.toHaveAttribute("aria-owns");
  });

  it("is usable from the keyboard", async () => {
    const { user } = setup();
    await screen.findByRole("tree");
    await user.tab();
    expect(item("110000")).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(item("120000")).toHaveFocus();
    await user.keyboard("{End}");
    expect(item("820000")).toHaveFocus();
    await user.keyboard("{Home}");
    expect(item("110000")).toHaveFocus();

    await user.keyboard("{ArrowRight}");
    expect(item("110000")).toHaveAttribute("aria-expanded", "true");
    await waitFor(() => expect(item("110100")).toBeInTheDocument());
    await user.keyboard("{ArrowRight}");
    expect(item("110100")).toHaveFocus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(item("110101")).toBeInTheDocument());
    await user.keyboard("{ArrowDown}");
    expect(item("110101")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(item("110100")).toHaveFocus();
    await user.keyboard("{ArrowLeft}");
    expect(item("110100")).toHaveAttribute("aria-expanded", "false");
    await user.keyboard("{ArrowLeft}");
    expect(item("110000")).toHaveFocus();
    await user.keyboard(" ");
    expect(item("110000")).toHaveAttribute("aria-expanded", "false");
    // one item at a time is in the tab order
    expect(
      document.querySelectorAll('[role="treeitem"][tabindex="0"]'),
    ).toHaveLength(1);
  });

  it("offers a retry when a level fails to load", async () => {
    const api = createFakeReferenceApi();
    api.failNext("断网了");
    const user = userEvent.setup();
    render(
      <PageHarness api={api}>
        <RegionTreePage />
      </PageHarness>,
    );
    expect(await screen.findByText("加载失败：断网了")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByRole("tree")).toBeInTheDocument();
  });

  it("is localised", async () => {
    setup("en-US");
    expect(
      await screen.findByRole("tree", { name: "Administrative divisions" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "Input demo" }),
    ).toBeInTheDocument();
  });

  it("demonstrates the inputs with the code each would save", async () => {
    const { user } = setup();
    expect(screen.getByTestId("chosen-region-code")).toHaveTextContent(
      "（未选择）",
    );
    const province = screen.getByRole("combobox", { name: "省份" });
    await waitFor(() => expect(province).toBeEnabled());
    await user.click(province);
    await user.click(await screen.findByRole("option", { name: "广东省" }));
    const city = screen.getByRole("combobox", { name: "城市" });
    await waitFor(() => expect(city).toBeEnabled());
    await user.click(city);
    await user.click(await screen.findByRole("option", { name: "东莞市" }));
    expect(screen.getByTestId("chosen-region-code")).toHaveTextContent(
      "441900",
    );
    await waitFor(() =>
      expect(screen.getByTestId("chosen-region-name")).toHaveTextContent(
        "广东省 / 东莞市",
      ),
    );

    await user.click(screen.getByRole("combobox", { name: "国家或地区" }));
    await user.keyboard("Hong Kong");
    await user.click(await screen.findByRole("option", { name: /中国香港/ }));
    expect(screen.getByTestId("chosen-country-code")).toHaveTextContent("HK");
  });
});

import "@testing-library/jest-dom/vitest";
import {
  cleanup,
  render,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useWatch } from "react-hook-form";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RegionCascaderInput } from "./RegionCascaderInput";
import { createFakeReferenceApi, Harness } from "./test-utils";

afterEach(cleanup);

function Value() {
  const value = useWatch({ name: "regionCode" });
  return (
    <output data-testid="value">
      {value === null ? "null" : String(value)}
    </output>
  );
}

function setup(
  options: {
    record?: Record<string, unknown>;
    locale?: "zh-CN" | "en-US";
    requireLeaf?: boolean;
    onSubmit?: (values: Record<string, unknown>) => void;
  } = {},
) {
  const api = createFakeReferenceApi();
  const user = userEvent.setup();
  render(
    <Harness
      api={api}
      locale={options.locale}
      record={options.record}
      onSubmit={options.onSubmit}
    >
      <RegionCascaderInput
        source="regionCode"
        label="reference.region.label"
        requireLeaf={options.requireLeaf}
      />
      <Value />
    </Harness>,
  );
  return { api, user };
}

const province = () => screen.getByRole("combobox", { name: "省份" });
const city = () => screen.getByRole("combobox", { name: "城市" });
const district = () => screen.getByRole("combobox", { name: "区县" });

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  input: HTMLElement,
  name: string,
) {
  await waitFor(() => expect(input).toBeEnabled());
  await user.click(input);
  await user.click(await screen.findByRole("option", { name }));
}

describe("RegionCascaderInput", () => {
  it("stores 441900 for Dongguan, a city with no districts", async () => {
    const { user } = setup();
    expect(city()).toBeDisabled();
    expect(district()).toBeDisabled();
    await pick(user, province(), "广东省");
    expect(screen.getByTestId("value")).toHaveTextContent("440000");
    await pick(user, city(), "东莞市");
    expect(screen.getByTestId("value")).toHaveTextContent("441900");
    await waitFor(() =>
      expect(screen.getByText("无下级地区")).toBeInTheDocument(),
    );
    expect(district()).toBeDisabled();
  });

  it("stores 810000 for Hong Kong, a province with no cities", async () => {
    const { user } = setup();
    await pick(user, province(), "香港特别行政区");
    await waitFor(() =>
      expect(screen.getByText("无下级地区")).toBeInTheDocument(),
    );
    expect(city()).toBeDisabled();
    expect(district()).toBeDisabled();
    expect(screen.getByTestId("value")).toHaveTextContent("810000");
  });

  it("goes down to a district, and falls back to the level above when one is cleared", async () => {
    const { user } = setup();
    await pick(user, province(), "广东省");
    await pick(user, city(), "广州市");
    await pick(user, district(), "天河区");
    expect(screen.getByTestId("value")).toHaveTextContent("440106");

    await user.click(district());
    await user.keyboard("{Escape}");
    const districtBox = district().closest(
      ".MuiAutocomplete-root",
    ) as HTMLElement;
    await user.click(
      within(districtBox).getByRole("button", { name: "清除", hidden: true }),
    );
    expect(screen.getByTestId("value")).toHaveTextContent("440100");
  });

  it("resets the lower levels when the province changes", async () => {
    const { user } = setup({ record: { regionCode: "440106" } });
    await waitFor(() => expect(district()).toHaveValue("天河区"));
    await pick(user, province(), "北京市");
    expect(screen.getByTestId("value")).toHaveTextContent("110000");
    expect(city()).toHaveValue("");
    expect(district()).toHaveValue("");
    await pick(user, city(), "市辖区");
    await pick(user, district(), "东城区");
    expect(screen.getByTestId("value")).toHaveTextContent("110101");
  });

  it("shows a stored code on every level, loading only the levels it needs", async () => {
    const { api } = setup({ record: { regionCode: "441900" } });
    await waitFor(() => expect(city()).toHaveValue("东莞市"));
    expect(province()).toHaveValue("广东省");
    expect(api.regionCalls).toEqual(
      expect.arrayContaining([
        { level: "1" },
        { parentCode: "440000" },
        { parentCode: "441900" },
      ]),
    );
    expect(api.regionCalls).toHaveLength(3);
  });

  it("works from the keyboard alone", async () => {
    const { user } = setup();
    await waitFor(() => expect(province()).toBeEnabled());
    await user.tab();
    expect(province()).toHaveFocus();
    await user.keyboard("广东");
    await screen.findByRole("option", { name: "广东省" });
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("440000");
    await waitFor(() => expect(city()).toBeEnabled());
    await user.tab(); // the clear and open buttons are out of the tab order
    expect(city()).toHaveFocus();
    await user.keyboard("东莞");
    await screen.findByRole("option", { name: "东莞市" });
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("441900");
  });

  it("finds a region by its code as well as its name", async () => {
    const { user } = setup();
    await waitFor(() => expect(province()).toBeEnabled());
    await user.click(province());
    await user.keyboard("4400");
    expect(await screen.findAllByRole("option")).toHaveLength(1);
    expect(screen.getByRole("option", { name: "广东省" })).toBeInTheDocument();
  });

  it("is localised", async () => {
    setup({ locale: "en-US" });
    expect(
      screen.getByRole("combobox", { name: "Province" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "City" })).toBeInTheDocument();
    expect(
      screen.getByRole("combobox", { name: "District or county" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Region")).toBeInTheDocument();
  });

  it("says when regions cannot be loaded, and asks again when the level is opened", async () => {
    const api = createFakeReferenceApi();
    api.failNext("网络错误");
    render(
      <Harness api={api}>
        <RegionCascaderInput
          source="regionCode"
          label="reference.region.label"
        />
      </Harness>,
    );
    expect(
      await screen.findByText("地区加载失败：网络错误"),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(province());
    expect(
      await screen.findByRole("option", { name: "广东省" }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText("地区加载失败：网络错误"),
    ).not.toBeInTheDocument();
  });

  describe("requireLeaf", () => {
    it("refuses a province that has cities", async () => {
      const onSubmit = vi.fn();
      const { user } = setup({ requireLeaf: true, onSubmit });
      await pick(user, province(), "广东省");
      await user.click(screen.getByRole("button", { name: "submit" }));
      expect(
        await screen.findByText("请选择到最下一级地区"),
      ).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    });

    it("accepts Hong Kong and Dongguan, which have no subdivisions", async () => {
      for (const regionCode of ["810000", "441900"]) {
        const onSubmit = vi.fn();
        const { user } = setup({
          requireLeaf: true,
          onSubmit,
          record: { regionCode },
        });
        await user.click(
          screen.getAllByRole("button", { name: "submit" }).at(-1)!,
        );
        await waitFor(() => expect(onSubmit).toHaveBeenCalled());
        expect(onSubmit.mock.calls[0][0]).toMatchObject({ regionCode });
      }
    });
  });
});

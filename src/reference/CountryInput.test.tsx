import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useWatch } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { countryNames, CountryInput } from "./CountryInput";
import { createFakeReferenceApi, Harness } from "./test-utils";

afterEach(cleanup);

function Value() {
  const value = useWatch({ name: "countryCode" });
  return (
    <output data-testid="value">
      {value === null ? "null" : String(value)}
    </output>
  );
}

function setup(
  locale: "zh-CN" | "en-US" = "zh-CN",
  record?: Record<string, unknown>,
) {
  const api = createFakeReferenceApi();
  const user = userEvent.setup();
  render(
    <Harness api={api} locale={locale} record={record}>
      <CountryInput source="countryCode" label="reference.country.label" />
      <Value />
    </Harness>,
  );
  return { api, user };
}

describe("CountryInput", () => {
  it("finds a country by its Chinese name and stores its code", async () => {
    const { user } = setup();
    const input = screen.getByRole("combobox", { name: "国家或地区" });
    await user.click(input);
    await user.keyboard("德国");
    await user.click(await screen.findByRole("option", { name: /德国/ }));
    expect(screen.getByTestId("value")).toHaveTextContent("DE");
    expect(input).toHaveValue("德国");
  });

  it("finds a country by its English name, ignoring case and accents", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("combobox", { name: "国家或地区" }));
    await user.keyboard("ivoire");
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "科特迪瓦 Cote d'Ivoire · CI",
    ]);
    await user.clear(screen.getByRole("combobox"));
    await user.keyboard("aland");
    expect(
      await screen.findByRole("option", { name: /奥兰群岛/ }),
    ).toBeInTheDocument();
  });

  it("works from the keyboard alone", async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByRole("combobox")).toBeEnabled());
    await user.tab();
    expect(screen.getByRole("combobox")).toHaveFocus();
    await user.keyboard("japan");
    await screen.findByRole("option", { name: /日本/ });
    await user.keyboard("{Enter}");
    expect(screen.getByTestId("value")).toHaveTextContent("JP");
  });

  it("shows English names first in English, sorted by them", async () => {
    const { user } = setup("en-US");
    const input = screen.getByRole("combobox", { name: "Country or region" });
    await user.click(input);
    await user.keyboard("ger");
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual([
      "Algeria 阿尔及利亚 · DZ",
      "Germany 德国 · DE",
      "Niger 尼日尔 · NE",
      "Nigeria 尼日利亚 · NG",
    ]);
  });

  it("shows a stored code by name", async () => {
    setup("zh-CN", { countryCode: "HK" });
    await waitFor(() =>
      expect(screen.getByRole("combobox")).toHaveValue("中国香港"),
    );
  });

  it("says so when nothing matches, in the UI language", async () => {
    const { user } = setup("en-US");
    await user.click(screen.getByRole("combobox"));
    await user.keyboard("zzzz");
    expect(
      await screen.findByText("No matching country or region"),
    ).toBeInTheDocument();
  });

  it("loads the list once however often it is opened", async () => {
    const { api, user } = setup();
    await user.click(screen.getByRole("combobox"));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("combobox"));
    expect(api.countryCalls).toBe(1);
  });
});

describe("countryNames", () => {
  it("puts the UI language's name first", () => {
    const hk = {
      countryCode: "HK",
      countryName: "中国香港",
      countryEnName: "Hong Kong, China",
    };
    expect(countryNames(hk, "zh-CN")).toEqual(["中国香港", "Hong Kong, China"]);
    expect(countryNames(hk, "en-US")).toEqual(["Hong Kong, China", "中国香港"]);
  });
});

import "@testing-library/jest-dom/vitest";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import Checkbox from "@mui/material/Checkbox";
import CssBaseline from "@mui/material/CssBaseline";
import Tooltip from "@mui/material/Tooltip";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { BulkActionsToolbar, ListContextProvider } from "react-admin";
import { darkTheme, lightTheme, TOOLTIP_BACKGROUND } from "./theme";

afterEach(() => cleanup());

describe.each([
  ["light", lightTheme],
  ["dark", darkTheme],
] as const)("the %s theme", (_, options) => {
  const theme = createTheme(options);

  it("names a checkbox's input with the aria-label given to the checkbox", () => {
    // what react-admin's row checkbox does
    render(
      <ThemeProvider theme={theme}>
        <Checkbox aria-label="选择此行" />
      </ThemeProvider>,
    );
    const input = screen.getByRole("checkbox", { name: "选择此行" });
    expect(input.tagName).toBe("INPUT");
    expect(document.querySelector("span[aria-label]")).toBeNull();
  });

  it("stops every animation and transition for a person who asked for reduced motion", () => {
    render(
      <ThemeProvider theme={theme}>
        <CssBaseline />
      </ThemeProvider>,
    );
    const css = [...document.querySelectorAll("style")]
      .map((style) => style.textContent)
      .join("\n")
      .replace(/\s+/g, "");
    const rule = css.match(
      /@media\(prefers-reduced-motion:reduce\)\{\*,\*::before,\*::after\{([^}]*)\}/,
    );
    expect(rule, "the reduced-motion rule").not.toBeNull();
    expect(rule![1]).toContain("animation-duration:0.01ms!important");
    expect(rule![1]).toContain("animation-iteration-count:1!important");
    expect(rule![1]).toContain("transition-duration:0.01ms!important");
  });

  it("keeps a label given to the input itself, and its other input props", () => {
    render(
      <ThemeProvider theme={theme}>
        <Checkbox
          aria-label="outer"
          inputProps={{ "aria-label": "全选", name: "all" }}
        />
      </ThemeProvider>,
    );
    const input = screen.getByRole("checkbox", { name: "全选" });
    expect(input).toHaveAttribute("name", "all");
  });

  it("gives the error colour 4.5:1 on its grey toolbars", () => {
    const surfaces =
      theme.palette.mode === "light"
        ? ["#e0e0e0", "#ece4d6", theme.palette.background.default]
        : ["#424242", "#383838", theme.palette.background.default];
    for (const surface of surfaces)
      expect(
        contrast(theme.palette.error.main, surface),
        surface,
      ).toBeGreaterThanOrEqual(4.5);
  });

  it("hides the bulk-action bar's buttons while no row is selected, and shows them for a selection", () => {
    const bar = (selectedIds: number[]) => (
      <ThemeProvider theme={theme}>
        <ListContextProvider
          value={{ selectedIds, onUnselectItems: () => {} } as never}
        >
          <BulkActionsToolbar>
            <button type="button">删除</button>
          </BulkActionsToolbar>
        </ListContextProvider>
      </ThemeProvider>
    );
    const { rerender } = render(bar([]));
    expect(screen.queryByRole("button", { name: "删除" })).toBeNull();
    expect(screen.getByText("删除")).not.toBeVisible();
    rerender(bar([7]));
    expect(screen.getByRole("button", { name: "删除" })).toBeVisible();
  });

  it("draws tooltips opaque, with text at 4.5:1 or more whatever lies beneath", () => {
    render(
      <ThemeProvider theme={theme}>
        <Tooltip title="提示" open>
          <button type="button">x</button>
        </Tooltip>
      </ThemeProvider>,
    );
    const tooltip = screen.getByRole("tooltip").firstElementChild!;
    const style = getComputedStyle(tooltip);
    expect(style.backgroundColor).toBe(rgb(TOOLTIP_BACKGROUND));
    expect(contrast("#ffffff", TOOLTIP_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(style.color).toBe(rgb("#ffffff"));
  });
});

const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

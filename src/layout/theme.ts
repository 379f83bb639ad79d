import type { Theme } from "@mui/material/styles";
import { deepmerge } from "@mui/utils";
import {
  defaultDarkTheme,
  defaultLightTheme,
  type RaThemeOptions,
} from "react-admin";

/** CJK-capable fonts first, so Chinese reads well on every platform (and in headless CI). */
const FONT_STACK = [
  "-apple-system",
  "BlinkMacSystemFont",
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"WenQuanYi Micro Hei"',
  "Roboto",
  '"Helvetica Neue"',
  "Arial",
  "sans-serif",
].join(",");

/**
 * A checkbox's `aria-label` belongs on its <input>: MUI puts a plain `aria-label` prop on
 * the root <span>, which has no role (axe: aria-prohibited-attr), and leaves the input
 * without a name (axe: label). react-admin's row checkboxes do exactly that, so the label
 * is moved here once for every checkbox. An explicit input label (`inputProps` or
 * `slotProps.input`) wins.
 */
type CheckboxProps = {
  "aria-label"?: string;
  inputProps?: Record<string, unknown>;
};
const checkboxLabelOnInput = {
  slotProps: {
    root: (props: CheckboxProps) =>
      props["aria-label"] ? { "aria-label": undefined } : {},
    input: (props: CheckboxProps) => ({
      ...props.inputProps,
      "aria-label": props.inputProps?.["aria-label"] ?? props["aria-label"],
    }),
  },
};

/** Opaque, so the text's contrast does not depend on what lies under the tooltip. */
export const TOOLTIP_BACKGROUND = "#424242";

export const SIDEBAR_WIDTH = 248;
export const SIDEBAR_CLOSED_WIDTH = 56;

const shared: RaThemeOptions = {
  typography: { fontFamily: FONT_STACK },
  shape: { borderRadius: 8 },
  sidebar: { width: SIDEBAR_WIDTH, closedWidth: SIDEBAR_CLOSED_WIDTH },
  components: {
    // A person who asked their system for less motion gets none: MUI's ripples,
    // collapses, fades and spinners end at once (WCAG 2.3.3). The browser tests run so
    // too (playwright.config.ts): frames nobody looks at cost their CPU.
    MuiCssBaseline: {
      styleOverrides: {
        "@media (prefers-reduced-motion: reduce)": {
          "*, *::before, *::after": {
            animationDuration: "0.01ms !important",
            animationIterationCount: "1 !important",
            transitionDuration: "0.01ms !important",
            scrollBehavior: "auto !important",
          },
        },
      },
    },
    MuiAppBar: { styleOverrides: { root: { boxShadow: "none" } } },
    MuiButton: { styleOverrides: { root: { textTransform: "none" } } },
    MuiCheckbox: { defaultProps: checkboxLabelOnInput },
    // MUI's tooltip is 92 % opaque grey: over a light page its 11 px text falls to
    // 4.47:1 (axe, serious). An opaque grey 800 keeps white text above 9:1 on any page.
    MuiTooltip: {
      styleOverrides: {
        tooltip: { backgroundColor: TOOLTIP_BACKGROUND, color: "#ffffff" },
        arrow: { color: TOOLTIP_BACKGROUND },
      },
    },
    // A list's rows scroll inside their card: a long login name or e-mail on a phone must
    // not push the whole page sideways.
    // (flex items grow to their content unless their minimum width is zero).
    RaLayout: {
      styleOverrides: {
        root: { minWidth: 0, "& .RaLayout-content": { minWidth: 0 } },
      },
    },
    // The table alone scrolls: the bulk-action bar overlays the list's actions from
    // outside it, and clipping the whole list content hid that bar under them.
    RaList: {
      styleOverrides: { root: { "& .RaList-main": { minWidth: 0 } } },
    },
    RaDataTable: {
      styleOverrides: {
        root: { "& .RaDataTable-tableWrapper": { overflowX: "auto" } },
      },
    },
    // With no row selected, react-admin folds its bulk-action bar to no height but leaves
    // its buttons in the page: a keyboard user tabbed onto a delete button nobody could
    // see, and a screen reader read them out. Hidden, they leave the tab order and the
    // accessibility tree until a row is selected.
    RaBulkActionsToolbar: {
      styleOverrides: {
        root: { "& .RaBulkActionsToolbar-collapsed": { visibility: "hidden" } },
      },
    },
    // react-admin's empty-list message is "disabled" grey (2.65:1): it is content to read.
    RaEmpty: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          "& .RaEmpty-message": { color: theme.palette.text.secondary },
        }),
      },
    },
  },
};

export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  ...shared,
  palette: {
    mode: "light",
    primary: { main: "#8a5a00" },
    secondary: { main: "#5b3a8f" },
    background: { default: "#f6f4ef" },
    // MUI's #d32f2f is 3.8:1 on a grey toolbar; red 900 keeps 4.5:1 on every surface.
    error: { main: "#b71c1c" },
    // MUI's #ed6c02 is 3.1:1 on white (warning buttons in moderation, the stale-version
    // dialog); this orange keeps 5.2:1 on white and 4.7:1 on the page background.
    warning: { main: "#b25000" },
  },
} satisfies RaThemeOptions);

export const darkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, {
  ...shared,
  palette: {
    mode: "dark",
    primary: { main: "#f0b64a" },
    secondary: { main: "#b49ae0" },
    // MUI's #f44336 is 2.7:1 on a raised dark surface.
    error: { main: "#ffb4ab" },
  },
} satisfies RaThemeOptions);

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

const shared: RaThemeOptions = {
  typography: { fontFamily: FONT_STACK },
  shape: { borderRadius: 8 },
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    MuiAppBar: { styleOverrides: { root: { boxShadow: "none" } } },
    MuiButton: { styleOverrides: { root: { textTransform: "none" } } },
  },
};

export const lightTheme: RaThemeOptions = deepmerge(defaultLightTheme, {
  ...shared,
  palette: {
    mode: "light",
    primary: { main: "#8a5a00" },
    secondary: { main: "#5b3a8f" },
    background: { default: "#f6f4ef" },
  },
} satisfies RaThemeOptions);

export const darkTheme: RaThemeOptions = deepmerge(defaultDarkTheme, {
  ...shared,
  palette: {
    mode: "dark",
    primary: { main: "#f0b64a" },
    secondary: { main: "#b49ae0" },
  },
} satisfies RaThemeOptions);

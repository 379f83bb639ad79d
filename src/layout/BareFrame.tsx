import type { ReactNode } from "react";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { Link } from "react-router-dom";
import { LocalesMenuButton, ToggleThemeButton } from "react-admin";
import { PAGE_TITLE_ID } from "./DocumentTitle";
import { ShellChrome } from "./ShellChrome";
import { useSiteName } from "./useSiteName";

/**
 * The frame of pages outside the back office's layout (login, test pages, the fallback
 * page): a slim bar with the language and theme switches, and the root view's fixtures.
 */
export function BareFrame({ children }: { children: ReactNode }) {
  const siteTitle = useSiteName().full;
  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        bgcolor: "background.default",
      }}
    >
      <AppBar position="static" color="primary" enableColorOnDark>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography
            variant="h6"
            component={Link}
            to="/"
            sx={{
              flex: 1,
              color: "inherit",
              textDecoration: "none",
              fontSize: "1.1rem",
            }}
          >
            {siteTitle}
          </Typography>
          {/* <Title> writes the page's name here; only the tab's title reads it
              (DocumentTitle), as these pages carry their own h1. */}
          <span id={PAGE_TITLE_ID} hidden />
          <LocalesMenuButton />
          <ToggleThemeButton />
        </Toolbar>
      </AppBar>
      <Box component="main" id="main-content" sx={{ flex: 1 }}>
        {children}
      </Box>
      <ShellChrome />
    </Box>
  );
}

import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import {
  AppBar,
  Layout as RaLayout,
  Loading,
  TitlePortal,
  useAuthenticated,
  useAuthProvider,
} from "react-admin";
import Typography from "@mui/material/Typography";
import { useTranslate } from "react-admin";
import { hasSession } from "../http/session";
import { BareFrame } from "./BareFrame";
import { Menu } from "./Menu";
import { ShellChrome } from "./ShellChrome";
import { isAdminPath } from "./adminPages";

function AdminAppBar() {
  const translate = useTranslate();
  return (
    <AppBar color="primary">
      <TitlePortal />
      <Typography
        variant="body2"
        sx={{ display: { xs: "none", md: "block" }, opacity: 0.8, mr: 1 }}
      >
        {translate("app.title")}
      </Typography>
    </AppBar>
  );
}

/**
 * The layout stays mounted while the user moves between pages, so react-admin's check at
 * mount is not enough: every navigation looks at the stored session again, and a page
 * opened after the token or the user cookie went away shows the notice and goes to
 * /login like any other guarded page, instead of rendering.
 */
function useGuardOnEveryPage(): boolean {
  const { pathname } = useLocation();
  const authProvider = useAuthProvider();
  const present = hasSession();
  useEffect(() => {
    if (!present) authProvider?.checkAuth({}).catch(() => {});
  }, [pathname, present, authProvider]);
  return present;
}

/** Everything under /admin: the route guard first, then the back office layout. */
function GuardedLayout({ children }: { children: ReactNode }) {
  const { authenticated, isPending } = useAuthenticated();
  const sessionPresent = useGuardOnEveryPage();
  if (isPending || !authenticated || !sessionPresent) {
    return (
      <BareFrame>
        <Loading />
      </BareFrame>
    );
  }
  return (
    <RaLayout appBar={AdminAppBar} menu={Menu}>
      {children}
      <ShellChrome />
    </RaLayout>
  );
}

/**
 * react-admin renders every page that has a layout through here, including the fallback
 * page. Paths under /admin need a session; anything else (an unknown path) gets the bare
 * frame, so a visitor on a bad link sees no back office.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  if (!isAdminPath(pathname)) return <BareFrame>{children}</BareFrame>;
  return <GuardedLayout>{children}</GuardedLayout>;
}

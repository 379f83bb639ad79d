import { useEffect, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import {
  AppBar,
  Layout as RaLayout,
  Logout,
  useUserMenu,
  Sidebar,
  TitlePortal,
  type SidebarProps,
  UserMenu,
  useAuthenticated,
  useAuthProvider,
  useGetIdentity,
  usePermissions,
  useTranslate,
} from "react-admin";
import { Loading } from "../kit/Loading";
import Typography from "@mui/material/Typography";
import PersonIcon from "@mui/icons-material/Person";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { hasSession } from "../http/session";
import { BareFrame } from "./BareFrame";
import { Menu } from "./Menu";
import { ShellChrome } from "./ShellChrome";
import { holdsBackOfficeCode, isAdminPath } from "./adminPages";
import { NoBackOffice } from "./NoBackOffice";
import { useSiteName } from "./useSiteName";

/** The user menu's way to /admin/profile; it closes the menu as it goes. */
function ProfileMenuItem() {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem
      component={Link}
      to="/admin/profile"
      onClick={() => userMenu?.onClose()}
    >
      <ListItemIcon>
        <PersonIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate("app.profile.title")}</ListItemText>
    </MenuItem>
  );
}

/**
 * react-admin's user button shows the user's name but is named only "Profile", so a
 * voice-control user saying the visible name hits nothing: the name says both.
 */
function AdminUserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const label = identity?.fullName
    ? translate("app.user_menu", { name: identity.fullName })
    : "ra.auth.user_menu";
  return (
    <UserMenu label={label}>
      <ProfileMenuItem />
      <Logout />
    </UserMenu>
  );
}

/**
 * The page's name is the page's one h1 (every screen gets it from its `<Title>`); the
 * site's name beside it is plain text at full contrast on the bar's colour.
 */
/** On phones the menu is a modal drawer, a dialog: it is named like the menu inside it. */
function AdminSidebar(props: SidebarProps) {
  const translate = useTranslate();
  const isXSmall = useMediaQuery((theme: Theme) =>
    theme.breakpoints.down("sm"),
  );
  return (
    <Sidebar
      {...props}
      slotProps={
        isXSmall
          ? { paper: { "aria-label": translate("app.menu.label") } }
          : undefined
      }
    />
  );
}

function AdminAppBar() {
  const { full } = useSiteName();
  return (
    <AppBar color="primary" userMenu={<AdminUserMenu />}>
      <TitlePortal component="h1" />
      <Typography
        variant="body2"
        sx={{ display: { xs: "none", md: "block" }, mr: 1 }}
      >
        {full}
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
  const permissions = usePermissions<string[]>({}, { enabled: authenticated });
  if (isPending || !authenticated || !sessionPresent || permissions.isPending) {
    return (
      <BareFrame>
        <Loading />
      </BareFrame>
    );
  }
  // A community member holds no back-office code: no shell of pages they cannot open.
  if (
    Array.isArray(permissions.permissions) &&
    !holdsBackOfficeCode(permissions.permissions)
  ) {
    return (
      <BareFrame>
        <NoBackOffice />
      </BareFrame>
    );
  }
  return (
    <RaLayout appBar={AdminAppBar} menu={Menu} sidebar={AdminSidebar}>
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

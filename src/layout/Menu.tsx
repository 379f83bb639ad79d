import { useEffect, useState } from "react";
import Collapse from "@mui/material/Collapse";
import Box from "@mui/material/Box";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import SettingsApplicationsIcon from "@mui/icons-material/SettingsApplications";
import LibraryBooksIcon from "@mui/icons-material/LibraryBooks";
import SensorsIcon from "@mui/icons-material/Sensors";
import ForumIcon from "@mui/icons-material/Forum";
import HomeIcon from "@mui/icons-material/Home";
import { useLocation } from "react-router-dom";
import {
  Menu as RaMenu,
  usePermissions,
  useSidebarState,
  useTranslate,
} from "react-admin";
import {
  ADMIN_PAGES,
  MENU_GROUPS,
  pageNameKey,
  type MenuGroup,
} from "./adminPages";
import { hasPermission } from "../resources/registry";
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from "./theme";

const GROUP_ICONS: Record<MenuGroup, typeof HomeIcon> = {
  system: SettingsApplicationsIcon,
  content: LibraryBooksIcon,
  live: SensorsIcon,
  qa: ForumIcon,
};

function groupOf(pathname: string): MenuGroup | undefined {
  return ADMIN_PAGES.find((page) => pathname.startsWith(`/admin/${page.path}`))
    ?.group;
}

/**
 * Menu entries are links in a navigation landmark, not an ARIA menu: a menu promises
 * arrow-key navigation among its items, which nested groups cannot keep, and allows no
 * children but menu items (axe: aria-required-children). Each group is a disclosure
 * button (aria-expanded, aria-controls) over a labelled group of links.
 */
const linkItem = { role: "link", dense: true } as const;

/** The back office menu: the spec's pages in four collapsible groups. */
export function Menu() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const { permissions } = usePermissions();
  const activeGroup = groupOf(pathname);
  const [open, setOpen] = useState<Record<MenuGroup, boolean>>({
    system: activeGroup === "system",
    content: activeGroup === "content" || activeGroup === undefined,
    live: activeGroup === "live",
    qa: activeGroup === "qa",
  });

  // Arriving on a page from elsewhere (the home page, a link) opens its group.
  useEffect(() => {
    if (activeGroup)
      setOpen((state) =>
        state[activeGroup] ? state : { ...state, [activeGroup]: true },
      );
  }, [activeGroup]);

  return (
    <Box
      component="nav"
      aria-label={translate("app.menu.label")}
      data-testid="admin-menu"
      sx={(theme) => ({
        display: "flex",
        flexDirection: "column",
        py: 1,
        width: sidebarOpen ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH,
        transition: theme.transitions.create("width", {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.leavingScreen,
        }),
      })}
    >
      <RaMenu.Item
        {...linkItem}
        to="/admin"
        primaryText={translate("app.menu.home")}
        leftIcon={<HomeIcon />}
      />
      {MENU_GROUPS.map((group) => {
        const GroupIcon = GROUP_ICONS[group];
        const pages = ADMIN_PAGES.filter(
          (page) =>
            page.group === group &&
            (!page.permission || hasPermission(permissions, page.permission)),
        );
        const buttonId = `admin-menu-${group}`;
        const listId = `admin-menu-${group}-pages`;
        return (
          <Box key={group}>
            <ListItemButton
              id={buttonId}
              onClick={() =>
                setOpen((state) => ({ ...state, [group]: !state[group] }))
              }
              aria-expanded={open[group]}
              aria-controls={listId}
              data-menu-group={group}
              dense
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <GroupIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={translate(`app.menu.${group}`)} />
              {open[group] ? (
                <ExpandLess fontSize="small" />
              ) : (
                <ExpandMore fontSize="small" />
              )}
            </ListItemButton>
            <Collapse in={open[group]} timeout="auto" unmountOnExit>
              <Box
                id={listId}
                role="group"
                aria-labelledby={buttonId}
                sx={{ pl: sidebarOpen ? 1.5 : 0 }}
              >
                {pages.map(({ path, icon: Icon }) => (
                  <RaMenu.Item
                    {...linkItem}
                    key={path}
                    to={`/admin/${path}`}
                    primaryText={translate(pageNameKey(path))}
                    leftIcon={<Icon />}
                  />
                ))}
              </Box>
            </Collapse>
          </Box>
        );
      })}
    </Box>
  );
}

import { useEffect, useState } from "react";
import Collapse from "@mui/material/Collapse";
import List from "@mui/material/List";
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
    <RaMenu>
      <RaMenu.Item
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
        return (
          <List
            key={group}
            disablePadding
            component="div"
            aria-label={translate(`app.menu.${group}`)}
          >
            <ListItemButton
              onClick={() =>
                setOpen((state) => ({ ...state, [group]: !state[group] }))
              }
              aria-expanded={open[group]}
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
              <List
                disablePadding
                component="div"
                sx={{ pl: sidebarOpen ? 1.5 : 0 }}
              >
                {pages.map(({ path, icon: Icon }) => (
                  <RaMenu.Item
                    key={path}
                    to={`/admin/${path}`}
                    primaryText={translate(pageNameKey(path))}
                    leftIcon={<Icon />}
                    dense
                  />
                ))}
              </List>
            </Collapse>
          </List>
        );
      })}
    </RaMenu>
  );
}

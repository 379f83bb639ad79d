import { useEffect, useState } from "react";
import Collapse from "@mui/material/Collapse";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import HomeIcon from "@mui/icons-material/Home";
import { useLocation } from "react-router-dom";
import { Menu as RaMenu, useSidebarState, useTranslate } from "react-admin";
import { useMenuEntries, type MenuGroupEntry } from "./useMenuEntries";

type MenuGroup = string;

function groupOf(
  groups: MenuGroupEntry[],
  pathname: string,
): MenuGroup | undefined {
  return groups.find((group) =>
    group.pages.some((page) => pathname.startsWith(`/admin/${page.path}`)),
  )?.key;
}

/**
 * The back office menu: the user's pages from the menu registry (`GET /tjc/system/menu`),
 * in collapsible groups.
 */
export function Menu() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const groups = useMenuEntries();
  const activeGroup = groupOf(groups, pathname);
  const [open, setOpen] = useState<Record<MenuGroup, boolean>>({});
  // A group the user has not toggled is open when it holds the current page; with no
  // current page (the home page), the first group is.
  const isOpen = (group: MenuGroup, index: number) =>
    open[group] ??
    (activeGroup === undefined ? index === 0 : group === activeGroup);

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
      {groups.map(({ key: group, label, icon: GroupIcon, pages }, index) => {
        return (
          <List key={group} disablePadding component="div" aria-label={label}>
            <ListItemButton
              onClick={() =>
                setOpen((state) => ({
                  ...state,
                  [group]: !isOpen(group, index),
                }))
              }
              aria-expanded={isOpen(group, index)}
              data-menu-group={group}
              dense
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <GroupIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={label} />
              {isOpen(group, index) ? (
                <ExpandLess fontSize="small" />
              ) : (
                <ExpandMore fontSize="small" />
              )}
            </ListItemButton>
            <Collapse in={isOpen(group, index)} timeout="auto" unmountOnExit>
              <List
                disablePadding
                component="div"
                sx={{ pl: sidebarOpen ? 1.5 : 0 }}
              >
                {pages.map(({ path, label: pageLabel, icon: Icon }) => (
                  <RaMenu.Item
                    key={path}
                    to={`/admin/${path}`}
                    primaryText={pageLabel}
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

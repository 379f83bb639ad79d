import { useEffect, useState } from "react";
import Collapse from "@mui/material/Collapse";
import Box from "@mui/material/Box";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ExpandLess from "@mui/icons-material/ExpandLess";
import ExpandMore from "@mui/icons-material/ExpandMore";
import HomeIcon from "@mui/icons-material/Home";
import { useLocation } from "react-router-dom";
import { Menu as RaMenu, useSidebarState, useTranslate } from "react-admin";
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_WIDTH } from "./theme";
import { useMenuEntries, type MenuGroupEntry } from "./useMenuEntries";
import { ReviewCountLabel } from "./ReviewCount";

/** A group of the menu registry, by its id. */
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
 * Menu entries are links in a navigation landmark, not an ARIA menu: a menu promises
 * arrow-key navigation among its items, which nested groups cannot keep, and allows no
 * children but menu items (axe: aria-required-children). Each group is a disclosure
 * button (aria-expanded, aria-controls) over a labelled group of links.
 */
const linkItem = { role: "link", dense: true } as const;

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
      {groups.map(({ key: group, label, icon: GroupIcon, pages }, index) => {
        const buttonId = `admin-menu-${group}`;
        const listId = `admin-menu-${group}-pages`;
        return (
          <Box key={group}>
            <ListItemButton
              id={buttonId}
              onClick={() =>
                setOpen((state) => ({
                  ...state,
                  [group]: !isOpen(group, index),
                }))
              }
              aria-expanded={isOpen(group, index)}
              aria-controls={listId}
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
              <Box
                id={listId}
                role="group"
                aria-labelledby={buttonId}
                sx={{ pl: sidebarOpen ? 1.5 : 0 }}
              >
                {pages.map(({ path, label: pageLabel, icon: Icon }) => (
                  <RaMenu.Item
                    {...linkItem}
                    key={path}
                    to={`/admin/${path}`}
                    primaryText={
                      path === "askManage" ? (
                        <ReviewCountLabel label={pageLabel} />
                      ) : (
                        pageLabel
                      )
                    }
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

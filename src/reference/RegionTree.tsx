import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { Box, Button, CircularProgress, Typography } from "@mui/material";
import { useCallback, useRef, useState, type KeyboardEvent } from "react";
import { useTranslate } from "react-admin";
import type { Region } from "../../common/regions.js";
import { useRegionChildren } from "./useReferenceData";

interface TreeState {
  expanded: ReadonlySet<string>;
  focused: string | undefined;
  toggle: (code: string) => void;
  setExpanded: (code: string, open: boolean) => void;
  focus: (code: string) => void;
}

/**
 * The region hierarchy as an expandable tree (WAI-ARIA tree pattern): provinces first, and
 * each level loaded only when its parent is opened. One item is in the tab order at a time;
 * arrow keys move and open, Home and End jump, Enter and Space toggle.
 */
export function RegionTree() {
  const [expanded, setExpandedSet] = useState<ReadonlySet<string>>(new Set());
  const [focused, setFocused] = useState<string>();
  const treeRef = useRef<HTMLUListElement>(null);
  const provinces = useRegionChildren(null);

  const setExpanded = useCallback((code: string, open: boolean) => {
    setExpandedSet((current) => {
      if (current.has(code) === open) return current;
      const next = new Set(current);
      if (open) next.add(code);
      else next.delete(code);
      return next;
    });
  }, []);
  const state: TreeState = {
    expanded,
    focused: focused ?? provinces.data?.[0]?.regionCode,
    toggle: (code) => setExpanded(code, !expanded.has(code)),
    setExpanded,
    focus: (code) => {
      setFocused(code);
      treeRef.current
        ?.querySelector<HTMLElement>(`[role="treeitem"][data-code="${code}"]`)
        ?.focus();
    },
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>(
      '[role="treeitem"]',
    );
    const tree = treeRef.current;
    if (!item || !tree) return;
    const code = item.dataset.code!;
    const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    const position = items.indexOf(item);
    const expandable = item.getAttribute("aria-expanded") !== null;
    const isOpen = item.getAttribute("aria-expanded") === "true";
    const moveTo = (target: HTMLElement | undefined | null) => {
      if (target?.dataset.code) state.focus(target.dataset.code);
    };
    switch (event.key) {
      case "ArrowDown":
        moveTo(items[position + 1]);
        break;
      case "ArrowUp":
        moveTo(items[position - 1]);
        break;
      case "Home":
        moveTo(items[0]);
        break;
      case "End":
        moveTo(items[items.length - 1]);
        break;
      case "ArrowRight":
        if (expandable && !isOpen) setExpanded(code, true);
        else if (isOpen)
          moveTo(
            item.parentElement?.querySelector<HTMLElement>(
              ':scope > [role="group"] [role="treeitem"]',
            ),
          );
        break;
      case "ArrowLeft":
        if (isOpen) setExpanded(code, false);
        else
          // item → its <li> → the <ul> it sits in → the parent's <li> → the parent item
          moveTo(
            item.parentElement?.parentElement
              ?.closest("li")
              ?.querySelector<HTMLElement>(':scope > [role="treeitem"]'),
          );
        break;
      case "Enter":
      case " ":
        if (expandable) state.toggle(code);
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <Box>
      <LevelStatus loadable={provinces} />
      {provinces.data ? (
        <Box
          component="ul"
          role="tree"
          ref={treeRef}
          aria-labelledby="region-tree-title"
          onKeyDown={onKeyDown}
          sx={{ listStyle: "none", m: 0, p: 0 }}
          data-testid="region-tree"
        >
          {provinces.data.map((region, index) => (
            <RegionTreeItem
              key={region.regionCode}
              region={region}
              depth={1}
              position={index + 1}
              siblings={provinces.data!.length}
              state={state}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function LevelStatus({
  loadable,
}: {
  loadable: ReturnType<typeof useRegionChildren>;
}) {
  const translate = useTranslate();
  if (loadable.loading) {
    return (
      <Box
        role="status"
        sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.5, pl: 1 }}
      >
        <CircularProgress size={16} />
        <Typography variant="body2">
          {translate("reference.tree.loading")}
        </Typography>
      </Box>
    );
  }
  if (loadable.error) {
    return (
      <Box
        role="alert"
        sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.5, pl: 1 }}
      >
        <Typography variant="body2" color="error">
          {translate("reference.tree.loadFailed", {
            message: loadable.error.message,
          })}
        </Typography>
        <Button size="small" onClick={loadable.retry}>
          {translate("reference.action.retry")}
        </Button>
      </Box>
    );
  }
  return null;
}

interface RegionTreeItemProps {
  region: Region;
  depth: number;
  position: number;
  siblings: number;
  state: TreeState;
}

function RegionTreeItem({
  region,
  depth,
  position,
  siblings,
  state,
}: RegionTreeItemProps) {
  const translate = useTranslate();
  const code = region.regionCode;
  const isOpen = state.expanded.has(code);
  const children = useRegionChildren(isOpen ? code : undefined);
  const knownLeaf =
    region.regionLevel === "3" || (isOpen && children.data?.length === 0);
  const labelId = `region-tree-item-${code}`;
  const groupId = `region-tree-group-${code}`;
  const hasGroup = isOpen && Boolean(children.data?.length);

  // The treeitem holds only its own row and owns its children's group (aria-owns), as in
  // the WAI-ARIA navigation treeview: an item whose DOM wrapped its children would have
  // the whole subtree as its visible text, which its name (this row) cannot match.
  return (
    <Box component="li" role="none">
      <Box
        role="treeitem"
        data-code={code}
        // the name is everything the row shows (name, code, level), as it reads on screen
        aria-labelledby={`${labelId} ${labelId}-detail`}
        aria-owns={hasGroup ? groupId : undefined}
        aria-level={depth}
        aria-posinset={position}
        aria-setsize={siblings}
        aria-expanded={region.regionLevel === "3" ? undefined : isOpen}
        aria-busy={children.loading || undefined}
        tabIndex={state.focused === code ? 0 : -1}
        onFocus={(event) => {
          if (event.target === event.currentTarget && state.focused !== code)
            state.focus(code);
        }}
        onClick={() => {
          state.focus(code);
          if (region.regionLevel !== "3") state.toggle(code);
        }}
        className="region-tree-label"
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 1,
          pl: (depth - 1) * 3,
          py: 0.5,
          borderRadius: 1,
          cursor: region.regionLevel === "3" ? "default" : "pointer",
          outline: "none",
          "&:hover": { bgcolor: "action.hover" },
          "&:focus-visible": {
            outline: 2,
            outlineColor: "primary.main",
            outlineOffset: -2,
          },
        }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{ width: 24, display: "inline-flex" }}
        >
          {region.regionLevel === "3" || knownLeaf ? null : isOpen ? (
            <ExpandMoreIcon fontSize="small" />
          ) : (
            <ChevronRightIcon fontSize="small" />
          )}
        </Box>
        <span id={labelId}>{region.regionName}</span>
        <Typography
          id={`${labelId}-detail`}
          component="span"
          variant="body2"
          color="text.secondary"
        >
          {code} · {translate(`reference.tree.level.${region.regionLevel}`)}
        </Typography>
        {isOpen && children.data?.length === 0 ? (
          <Typography component="span" variant="body2" color="text.secondary">
            {translate("reference.tree.noChildren")}
          </Typography>
        ) : null}
      </Box>
      {isOpen ? (
        <>
          <Box sx={{ pl: depth * 3 }}>
            <LevelStatus loadable={children} />
          </Box>
          {hasGroup ? (
            <Box
              component="ul"
              role="group"
              id={groupId}
              sx={{ listStyle: "none", m: 0, p: 0 }}
            >
              {children.data?.map((child, index) => (
                <RegionTreeItem
                  key={child.regionCode}
                  region={child}
                  depth={depth + 1}
                  position={index + 1}
                  siblings={children.data!.length}
                  state={state}
                />
              ))}
            </Box>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}

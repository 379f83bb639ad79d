import { useDeferredValue, useMemo, useState } from "react";
import { Title, useCanAccess, useLocaleState, useTranslate } from "react-admin";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import LinearProgress from "@mui/material/LinearProgress";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import type { PermissionTree } from "../../../../common/schemas/permission";
import { AccessDenied } from "../../../layout/AccessDenied";
import { usePermissionTree } from "../roles/usePermissionTree";

type Group = PermissionTree[number];
type Action = Group["modules"][number]["actions"][number];

/** Everything a code is found by: the code, its labels in both languages, routes, roles. */
function haystack(
  group: Group,
  module: Group["modules"][number],
  action: Action,
) {
  return [
    action.code,
    ...Object.values(group.label),
    ...Object.values(module.label),
    ...Object.values(action.label),
    ...action.routes.map((route) => `${route.method} ${route.url}`),
    ...action.roles.flatMap((role) => [role.code, role.name, role.nameEn]),
  ]
    .join("\n")
    .toLowerCase();
}

/** The tree with only the codes the search matches (every code when it is empty). */
export function filterTree(
  tree: PermissionTree,
  search: string,
): PermissionTree {
  const needle = search.trim().toLowerCase();
  if (!needle) return tree;
  return tree
    .map((group) => ({
      ...group,
      modules: group.modules
        .map((module) => ({
          ...module,
          actions: module.actions.filter((action) =>
            haystack(group, module, action).includes(needle),
          ),
        }))
        .filter((module) => module.actions.length > 0),
    }))
    .filter((group) => group.modules.length > 0);
}

const mono = { fontFamily: "monospace", fontSize: "0.8125rem" };

function ActionRows({ actions }: { actions: Action[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { label } = usePermissionTree();
  return (
    <>
      {actions.map((action) => (
        <TableRow key={action.code} data-testid={`perm-row-${action.code}`}>
          <TableCell>{label(action.label)}</TableCell>
          <TableCell sx={mono}>{action.code}</TableCell>
          <TableCell>
            {action.routes.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                {translate("system.permissions.no_routes")}
              </Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, p: 0, listStyle: "none" }}>
                {action.routes.map((route) => (
                  <Box
                    component="li"
                    key={`${route.method} ${route.url}`}
                    sx={mono}
                  >
                    {route.method} {route.url}
                  </Box>
                ))}
              </Box>
            )}
          </TableCell>
          <TableCell>
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
              {action.roles.map((role) => (
                <Chip
                  key={role.id}
                  size="small"
                  label={locale === "en-US" ? role.nameEn : role.name}
                />
              ))}
            </Box>
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

/**
 * /admin/system/permission/resource: every code the server knows, read-only, as group →
 * module → action, with the routes that need each code (from the server's route table)
 * and the roles that hold it. A search narrows it to matching codes.
 */
export function PermissionTreePage() {
  // The page is a resource without a react-admin list, which is what would check the
  // permission: it checks `permission:read` itself.
  const { canAccess, isPending } = useCanAccess({
    resource: "admin/system/permission/resource",
    action: "list",
  });
  if (isPending) return null;
  if (!canAccess) return <AccessDenied />;
  return <PermissionTree />;
}

function PermissionTree() {
  const translate = useTranslate();
  const { tree, label, isPending } = usePermissionTree();
  const [search, setSearch] = useState("");
  // The box answers every key at once; the tree (a few hundred rows) follows when React
  // has time, so typing never waits for it.
  const query = useDeferredValue(search);
  const shown = useMemo(() => filterTree(tree ?? [], query), [tree, query]);
  // The first group starts open, the others closed (and not rendered: the whole tree is
  // a few hundred rows); a search opens every group it found something in.
  const [opened, setOpened] = useState<Record<string, boolean>>({});
  const isOpen = (key: string, index: number) =>
    query.trim() !== "" || (opened[key] ?? index === 0);
  const count = shown.reduce(
    (n, group) =>
      n + group.modules.reduce((m, module) => m + module.actions.length, 0),
    0,
  );
  return (
    <Box sx={{ py: 2, maxWidth: 1200 }}>
      <Title title={translate("app.page_names.system/permission/resource")} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate("system.permissions.intro")}
      </Typography>
      <Box
        sx={{
          display: "flex",
          gap: 2,
          alignItems: "center",
          flexWrap: "wrap",
          mb: 2,
        }}
      >
        <TextField
          type="search"
          size="small"
          label={translate("system.permissions.search")}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ width: { xs: "100%", sm: 360 } }}
        />
        <Typography variant="body2" role="status" data-testid="perm-count">
          {translate("system.permissions.count", { count })}
        </Typography>
      </Box>
      {isPending ? <LinearProgress /> : null}
      {shown.map((group, index) => (
        <Accordion
          key={group.key}
          expanded={isOpen(group.key, index)}
          onChange={(_, expanded) =>
            setOpened((state) => ({ ...state, [group.key]: expanded }))
          }
          slotProps={{ transition: { unmountOnExit: true } }}
          disableGutters
          data-testid={`perm-group-${group.key}`}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h2" variant="h6">
              {label(group.label)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: { xs: 0, sm: 2 } }}>
            {group.modules.map((module) => (
              <Box key={module.key} sx={{ mb: 3 }}>
                <Typography component="h3" variant="subtitle1" sx={{ mb: 1 }}>
                  {label(module.label)}{" "}
                  <Typography component="span" variant="body2" sx={mono}>
                    ({module.key})
                  </Typography>
                </Typography>
                {/* Wide tables scroll inside their box on a phone, not the page; the
                    box takes the focus so a keyboard can scroll it too. */}
                <Box
                  sx={{ overflowX: "auto" }}
                  tabIndex={0}
                  role="region"
                  aria-label={label(module.label)}
                >
                  <Table size="small" sx={{ minWidth: 640 }}>
                    <TableHead>
                      <TableRow>
                        <TableCell>
                          {translate("system.permissions.action")}
                        </TableCell>
                        <TableCell>
                          {translate("system.permissions.code")}
                        </TableCell>
                        <TableCell>
                          {translate("system.permissions.routes")}
                        </TableCell>
                        <TableCell>
                          {translate("system.permissions.roles")}
                        </TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      <ActionRows actions={module.actions} />
                    </TableBody>
                  </Table>
                </Box>
              </Box>
            ))}
          </AccordionDetails>
        </Accordion>
      ))}
      {!isPending && shown.length === 0 ? (
        <Typography sx={{ mt: 2 }}>
          {translate("system.permissions.none")}
        </Typography>
      ) : null}
    </Box>
  );
}

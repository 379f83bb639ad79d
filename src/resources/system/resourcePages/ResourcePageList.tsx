import {
  BooleanField,
  DataTable,
  FunctionField,
  List,
  ListContextProvider,
  SelectInput,
  useListContext,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import Box from "@mui/material/Box";
import type { ResourcePage } from "../../../../common/schemas/resource-page";
import { menuIcon } from "../../../layout/menuIcons";
import {
  ResourceBulkActions,
  ResourceBulkUpdate,
  ResourceListActions,
} from "../../../kit/ResourceListActions";
import { ResourceTable } from "../../../kit/ResourceList";
import { hiddenBelowMd } from "../../../kit/columns";
import { menuOrder, useEntryTitle, useGroups } from "./useGroups";

/** The default order: the list is asked for by group and shown in the menu's order. */
const MENU_ORDER_SORT = { field: "parentId", order: "ASC" } as const;

export function BulkActions() {
  const translate = useTranslate();
  return (
    <ResourceBulkActions>
      <ResourceBulkUpdate
        data={{ visible: true }}
        label={translate("system.pages.show")}
        // Its confirmation says what it does: "隐藏 2 个页面".
        confirmTitle="system.pages.show_title"
        confirmContent="system.pages.show_content"
      />
      <ResourceBulkUpdate
        data={{ visible: false }}
        label={translate("system.pages.hide")}
        confirmTitle="system.pages.hide_title"
        confirmContent="system.pages.hide_content"
      />
    </ResourceBulkActions>
  );
}

function EntryTitle({ record }: { record: ResourcePage }) {
  const title = useEntryTitle();
  const Icon = menuIcon(record.icon);
  const isGroup = record.path === null;
  return (
    <Box
      component="span"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 1,
        pl: isGroup ? 0 : 3,
        fontWeight: isGroup ? 600 : undefined,
      }}
    >
      <Icon fontSize="small" aria-hidden />
      {title(record)}
    </Box>
  );
}

/** With the default sort, the page the server answered is shown group by group. */
function MenuOrderedTable() {
  const translate = useTranslate();
  const list = useListContext<ResourcePage>();
  const title = useEntryTitle();
  const { data: groups } = useGroups();
  const groupTitle = (id: number | null) => {
    const group = groups?.find((g) => g.id === id);
    return group ? title(group) : "—";
  };
  const arranged =
    list.sort.field === MENU_ORDER_SORT.field && list.data
      ? { ...list, data: menuOrder(list.data) }
      : list;
  return (
    <ListContextProvider value={arranged}>
      <ResourceTable
        bulkActionButtons={<BulkActions />}
        // Built-in entries cannot be deleted, only hidden: they are selectable for
        // show/hide all the same; the server refuses deleting them.
      >
        <DataTable.Col source="titleZh" label={translate("system.pages.entry")}>
          <FunctionField<ResourcePage>
            render={(record) => <EntryTitle record={record} />}
          />
        </DataTable.Col>
        <DataTable.Col source="path">
          <FunctionField<ResourcePage>
            render={(record) =>
              record.path === null ? (
                <em>{translate("system.pages.group")}</em>
              ) : (
                `/admin/${record.path}`
              )
            }
          />
        </DataTable.Col>
        <DataTable.Col source="parentId" sx={hiddenBelowMd}>
          <FunctionField<ResourcePage>
            render={(record) => groupTitle(record.parentId)}
          />
        </DataTable.Col>
        <DataTable.NumberCol source="sortOrder" />
        <DataTable.Col source="visible" disableSort>
          <BooleanField source="visible" />
        </DataTable.Col>
        <DataTable.Col source="permission" disableSort sx={hiddenBelowMd} />
      </ResourceTable>
    </ListContextProvider>
  );
}

/** /admin/system/resourcePageManage: the menu registry, in the menu's order. */
export function ResourcePageList() {
  const translate = useTranslate();
  const title = useEntryTitle();
  const { data: groups } = useGroups();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up("sm"));
  const filters = [
    <SelectInput
      key="parentId"
      source="parentId"
      alwaysOn
      choices={(groups ?? []).map((group) => ({
        id: group.id,
        name: title(group),
      }))}
    />,
    <SelectInput
      key="visible"
      source="visible"
      alwaysOn={wide}
      choices={[
        { id: true, name: translate("system.pages.visible_only") },
        { id: false, name: translate("system.pages.hidden_only") },
      ]}
    />,
    <SelectInput
      key="group"
      source="group"
      label={translate("system.pages.kind")}
      choices={[
        { id: true, name: translate("system.pages.groups_only") },
        { id: false, name: translate("system.pages.pages_only") },
      ]}
    />,
  ];
  return (
    <List
      filters={filters}
      sort={MENU_ORDER_SORT}
      perPage={100}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <MenuOrderedTable />
    </List>
  );
}

import {
  BooleanField,
  BulkDeleteButton,
  CreateButton,
  DataTable,
  DateField,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from "react-admin";
import { SPIDER_TARGETS, type Spider } from "../../../common/schemas/spider";
import { CsvExportButton } from "../CsvExportButton";
import { SpiderRowActions } from "./SpiderRowActions";

export const SPIDER_RESOURCE = "admin/spiderManage";
const hiddenOnPhones = { display: { xs: "none", md: "table-cell" } };

const filters = [
  <TextInput key="name" source="name" alwaysOn />,
  <SelectInput
    key="target"
    source="target"
    choices={SPIDER_TARGETS.map((id) => ({ id, name: `spiders.target.${id}` }))}
    alwaysOn
  />,
];

function SpiderListActions() {
  const { canAccess: canCreate } = useCanAccess({
    resource: SPIDER_RESOURCE,
    action: "create",
  });
  const { canAccess: canExport } = useCanAccess({
    resource: SPIDER_RESOURCE,
    action: "export",
  });
  return (
    <TopToolbar>
      {canCreate ? <CreateButton /> : null}
      {canExport ? <CsvExportButton /> : null}
    </TopToolbar>
  );
}

function SpiderBulkActions() {
  const { canAccess: canDelete } = useCanAccess({
    resource: SPIDER_RESOURCE,
    action: "delete",
  });
  return canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null;
}

/** /admin/spiderManage: the crawler's sources, with run now and their run logs. */
export function SpiderList() {
  const translate = useTranslate();
  const { canAccess: canEdit } = useCanAccess({
    resource: SPIDER_RESOURCE,
    action: "edit",
  });
  return (
    <List
      filters={filters}
      sort={{ field: "id", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<SpiderListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<SpiderBulkActions />}
      >
        <DataTable.Col source="name" />
        <DataTable.Col source="startUrls" disableSort sx={hiddenOnPhones}>
          <FunctionField<Spider>
            render={(spider) => spider.startUrls[0] ?? ""}
          />
        </DataTable.Col>
        <DataTable.Col source="target">
          <FunctionField<Spider>
            render={(spider) => translate(`spiders.target.${spider.target}`)}
          />
        </DataTable.Col>
        <DataTable.Col source="enabled">
          <BooleanField source="enabled" />
        </DataTable.Col>
        <DataTable.Col source="cron" disableSort sx={hiddenOnPhones} />
        <DataTable.Col source="updatedAt" sx={hiddenOnPhones}>
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
        <DataTable.Col label="" disableSort>
          <SpiderRowActions />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

import {
  BooleanField,
  BulkDeleteButton,
  CreateButton,
  DataTable,
  List,
  TopToolbar,
  useCanAccess,
} from "react-admin";
import { CsvExportButton } from "../../CsvExportButton";

const RESOURCE = "admin/system/roleManage";

function Actions() {
  const { canAccess: canCreate } = useCanAccess({
    resource: RESOURCE,
    action: "create",
  });
  const { canAccess: canExport } = useCanAccess({
    resource: RESOURCE,
    action: "export",
  });
  return (
    <TopToolbar>
      {canCreate ? <CreateButton /> : null}
      {canExport ? <CsvExportButton /> : null}
    </TopToolbar>
  );
}

function BulkActions() {
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "delete" });
  return canAccess ? <BulkDeleteButton mutationMode="pessimistic" /> : null;
}

/** /admin/system/roleManage: roles with their holder counts. */
export function RoleList() {
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  return (
    <List
      sort={{ field: "id", order: "ASC" }}
      perPage={25}
      exporter={false}
      actions={<Actions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<BulkActions />}
      >
        <DataTable.Col source="code" />
        <DataTable.Col source="name" />
        <DataTable.Col source="nameEn" />
        <DataTable.NumberCol source="userCount" disableSort />
        <DataTable.Col source="builtIn" disableSort>
          <BooleanField source="builtIn" />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

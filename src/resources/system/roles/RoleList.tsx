import { BooleanField, DataTable, List, useCanAccess } from "react-admin";
import {
  ResourceBulkDelete,
  ResourceListActions,
} from "../../ResourceListActions";

const RESOURCE = "admin/system/roleManage";

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
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<ResourceBulkDelete />}
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

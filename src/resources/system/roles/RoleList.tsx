import { BooleanField, DataTable } from "react-admin";
import { ResourceList } from "../../../kit/ResourceList";

/** /admin/system/roleManage: roles with their holder counts. */
export function RoleList() {
  return (
    <ResourceList sort={{ field: "id", order: "ASC" }}>
      <DataTable.Col source="code" />
      <DataTable.Col source="name" />
      <DataTable.Col source="nameEn" />
      <DataTable.NumberCol source="userCount" disableSort />
      <DataTable.Col source="builtIn" disableSort>
        <BooleanField source="builtIn" />
      </DataTable.Col>
    </ResourceList>
  );
}

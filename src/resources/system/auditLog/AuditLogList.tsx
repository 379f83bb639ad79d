import { DataTable, SelectInput, TextInput } from "react-admin";
import { AUDIT_ACTIONS } from "../../../../common/schemas/audit-log";
import { CodeField, LogList, useCodeChoices } from "../LogList";

/** /admin/system/auditLog: every back-office write, newest first; read-only. */
export function AuditLogList() {
  const actions = useCodeChoices(AUDIT_ACTIONS, "system.audit.action");
  const filters = [
    <TextInput key="loginName" source="loginName" alwaysOn />,
    <TextInput key="resource" source="resource" alwaysOn />,
    <TextInput key="recordId" source="recordId" />,
    <SelectInput key="action" source="action" choices={actions} />,
  ];
  return (
    <LogList filters={filters} rowClick="show">
      <DataTable.Col source="loginName" disableSort />
      <DataTable.Col source="ip" disableSort />
      <DataTable.Col source="resource" disableSort>
        <CodeField source="resource" prefix="system.audit.resource" />
      </DataTable.Col>
      <DataTable.Col source="recordId" disableSort />
      <DataTable.Col source="action" disableSort>
        <CodeField source="action" prefix="system.audit.action" />
      </DataTable.Col>
    </LogList>
  );
}

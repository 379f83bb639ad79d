import {
  DataTable,
  DateField,
  DateInput,
  FunctionField,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useCanAccess,
  useTranslate,
} from "react-admin";
import { AUDIT_ACTIONS } from "../../../../common/schemas/audit-log";
import { CsvExportButton } from "../../CsvExportButton";

const RESOURCE = "admin/system/auditLog";

function Actions() {
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "export" });
  return <TopToolbar>{canAccess ? <CsvExportButton /> : null}</TopToolbar>;
}

/** /admin/system/auditLog: every back-office write, newest first; read-only. */
export function AuditLogList() {
  const translate = useTranslate();
  const filters = [
    <TextInput key="loginName" source="loginName" alwaysOn />,
    <TextInput key="resource" source="resource" alwaysOn />,
    <TextInput key="recordId" source="recordId" />,
    <SelectInput
      key="action"
      source="action"
      choices={AUDIT_ACTIONS.map((id) => ({
        id,
        name: translate(`system.audit.action.${id}`),
      }))}
    />,
    <DateInput
      key="from"
      source="createdAtFrom"
      label={translate("system.filter.from")}
    />,
    <DateInput
      key="to"
      source="createdAtTo"
      label={translate("system.filter.to")}
    />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<Actions />}
    >
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="loginName" disableSort />
        <DataTable.Col source="ip" disableSort />
        <DataTable.Col source="resource" disableSort />
        <DataTable.Col source="recordId" disableSort />
        <DataTable.Col source="action" disableSort>
          <FunctionField
            render={(record: { action: string }) =>
              translate(`system.audit.action.${record.action}`, {
                _: record.action,
              })
            }
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

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
import { LOGIN_RESULTS } from "../../../../common/schemas/login-log";
import { CsvExportButton } from "../../CsvExportButton";

const RESOURCE = "admin/system/loginLog";

function Actions() {
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "export" });
  return <TopToolbar>{canAccess ? <CsvExportButton /> : null}</TopToolbar>;
}

/** /admin/system/loginLog: every login attempt, newest first. */
export function LoginLogList() {
  const translate = useTranslate();
  const filters = [
    <TextInput key="loginName" source="loginName" alwaysOn />,
    <SelectInput
      key="result"
      source="result"
      alwaysOn
      choices={LOGIN_RESULTS.map((id) => ({
        id,
        name: translate(`system.login_result.${id}`),
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
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="loginName" />
        <DataTable.Col source="result">
          <FunctionField
            render={(record: { result: string }) =>
              translate(`system.login_result.${record.result}`)
            }
          />
        </DataTable.Col>
        <DataTable.Col source="ip" disableSort />
        <DataTable.Col
          source="userAgent"
          disableSort
          sx={{ display: { xs: "none", md: "table-cell" } }}
        />
      </DataTable>
    </List>
  );
}

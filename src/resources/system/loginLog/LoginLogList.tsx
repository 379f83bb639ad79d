import { DataTable, SelectInput, TextInput } from "react-admin";
import { LOGIN_RESULTS } from "../../../../common/schemas/login-log";
import { CodeField, LogList, useCodeChoices } from "../LogList";

/** /admin/system/loginLog: every login attempt, newest first. */
export function LoginLogList() {
  const results = useCodeChoices(LOGIN_RESULTS, "system.login_result");
  const filters = [
    <TextInput key="loginName" source="loginName" alwaysOn />,
    <SelectInput key="result" source="result" alwaysOn choices={results} />,
  ];
  return (
    <LogList filters={filters}>
      <DataTable.Col source="loginName" />
      <DataTable.Col source="result">
        <CodeField source="result" prefix="system.login_result" />
      </DataTable.Col>
      <DataTable.Col source="ip" disableSort />
      <DataTable.Col
        source="userAgent"
        disableSort
        sx={{ display: { xs: "none", md: "table-cell" } }}
      />
    </LogList>
  );
}

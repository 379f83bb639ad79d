import {
  DataTable,
  SearchInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import Chip from "@mui/material/Chip";
import LogoutIcon from "@mui/icons-material/Logout";
import type { OnlineSession } from "../../../../common/schemas/session";
import { systemClient } from "../../../http";
import { ConfirmedRowAction } from "../../../kit/ConfirmedRowAction";
import { ResourceList } from "../../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../../kit/columns";

/** Ends one session (session:revoke); the caller's own session is not offered. */
function ForceLogoutButton() {
  const translate = useTranslate();
  const record = useRecordContext<OnlineSession>();
  if (!record) return null;
  if (record.current)
    return <Chip size="small" label={translate("system.sessions.current")} />;
  return (
    <ConfirmedRowAction
      permission="session:revoke"
      label={translate("system.sessions.force_logout")}
      icon={<LogoutIcon />}
      title={translate("system.sessions.confirm_title")}
      content={translate("system.sessions.confirm_content", {
        name: record.loginName,
      })}
      done="system.sessions.done"
      run={() => systemClient.delete(`system/sessions/${record.id}`)}
    />
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /admin/system/onlineSessions: live sessions, most recently active first. */
export function SessionList() {
  return (
    <ResourceList
      filters={filters}
      sort={{ field: "lastSeenAt", order: "DESC" }}
      actions={false}
      bulkActionButtons={false}
      table={{ rowClick: false }}
    >
      <DataTable.Col source="loginName" disableSort />
      <DataTable.Col source="userName" disableSort />
      <DataTable.Col source="ip" disableSort />
      <DataTable.Col source="userAgent" disableSort sx={hiddenBelowMd} />
      <TimeCol source="createdAt" />
      <TimeCol source="lastSeenAt" />
      <DataTable.Col>
        <ForceLogoutButton />
      </DataTable.Col>
    </ResourceList>
  );
}

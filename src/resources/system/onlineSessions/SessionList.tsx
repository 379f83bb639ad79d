import {
  Button,
  Confirm,
  DataTable,
  DateField,
  List,
  SearchInput,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from "react-admin";
import { useState } from "react";
import Chip from "@mui/material/Chip";
import LogoutIcon from "@mui/icons-material/Logout";
import type { OnlineSession } from "../../../../common/schemas/session";
import { systemClient } from "../../../http";
import { hasPermission } from "../../registry";

/** Ends one session (session:revoke); the caller's own session is not offered. */
function ForceLogoutButton() {
  const translate = useTranslate();
  const record = useRecordContext<OnlineSession>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  if (record.current)
    return <Chip size="small" label={translate("system.sessions.current")} />;
  if (!hasPermission(permissions, "session:revoke")) return null;
  return (
    <>
      <Button
        label={translate("system.sessions.force_logout")}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <LogoutIcon />
      </Button>
      <Confirm
        isOpen={open}
        title={translate("system.sessions.confirm_title")}
        content={translate("system.sessions.confirm_content", {
          name: record.loginName,
        })}
        onConfirm={async () => {
          setOpen(false);
          await systemClient.delete(`system/sessions/${record.id}`);
          notify(translate("system.sessions.done"), { type: "success" });
          refresh();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /admin/system/onlineSessions: live sessions, most recently active first. */
export function SessionList() {
  return (
    <List
      filters={filters}
      sort={{ field: "lastSeenAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="loginName" disableSort />
        <DataTable.Col source="userName" disableSort />
        <DataTable.Col source="ip" disableSort />
        <DataTable.Col
          source="userAgent"
          disableSort
          sx={{ display: { xs: "none", md: "table-cell" } }}
        />
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="lastSeenAt">
          <DateField source="lastSeenAt" showTime />
        </DataTable.Col>
        <DataTable.Col>
          <ForceLogoutButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

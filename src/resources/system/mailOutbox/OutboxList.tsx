import {
  Button,
  Confirm,
  DataTable,
  DateField,
  List,
  SelectInput,
  TextInput,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from "react-admin";
import { useState } from "react";
import Typography from "@mui/material/Typography";
import SendIcon from "@mui/icons-material/Send";
import {
  OUTBOX_STATUSES,
  type OutboxMessage,
} from "../../../../common/schemas/mail-outbox";
import { systemClient } from "../../../http";
import { hasPermission } from "../../registry";
import { CodeField, useCodeChoices } from "../LogList";

/** Queues one message again (outbox:resend, audited). */
function ResendButton() {
  const translate = useTranslate();
  const record = useRecordContext<OutboxMessage>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!record || !hasPermission(permissions, "outbox:resend")) return null;
  return (
    <>
      <Button
        label={translate("system.outbox.resend")}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <SendIcon />
      </Button>
      <Confirm
        isOpen={open}
        title={translate("system.outbox.confirm_title")}
        content={translate("system.outbox.confirm_content", {
          recipient: record.recipient,
        })}
        onConfirm={async () => {
          setOpen(false);
          try {
            await systemClient.post(`system/outbox/${record.id}/resend`, {});
            notify(translate("system.outbox.done"), { type: "success" });
          } catch (error) {
            notify((error as Error).message, { type: "error" });
          }
          refresh();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** Why a message failed, in full, under its row. */
function FailureReason() {
  const record = useRecordContext<OutboxMessage>();
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ wordBreak: "break-word", p: 1 }}>
      {record?.lastError ?? translate("system.outbox.no_error")}
    </Typography>
  );
}

/**
 * /admin/system/mailOutbox: every e-mail, newest first, filtered by status and recipient;
 * a row opens to show why it failed. Bodies are never shown (they may hold a one-time link).
 */
export function OutboxList() {
  const statuses = useCodeChoices(OUTBOX_STATUSES, "system.outbox.status");
  const filters = [
    <SelectInput key="status" source="status" alwaysOn choices={statuses} />,
    <TextInput key="recipient" source="recipient" alwaysOn />,
  ];
  return (
    <List
      filters={filters}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={false}
    >
      <DataTable
        rowClick="expand"
        expand={<FailureReason />}
        bulkActionButtons={false}
      >
        <DataTable.Col source="createdAt">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="recipient" />
        <DataTable.Col source="subject" disableSort />
        <DataTable.Col source="status">
          <CodeField source="status" prefix="system.outbox.status" />
        </DataTable.Col>
        <DataTable.Col source="attempts" disableSort />
        <DataTable.Col
          source="sentAt"
          sx={{ display: { xs: "none", md: "table-cell" } }}
        >
          <DateField source="sentAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="lastError"
          disableSort
          sx={{
            display: { xs: "none", md: "table-cell" },
            maxWidth: 320,
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
          }}
        />
        <DataTable.Col>
          <ResendButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

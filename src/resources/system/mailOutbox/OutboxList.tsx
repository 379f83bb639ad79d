import {
  DataTable,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import Typography from "@mui/material/Typography";
import SendIcon from "@mui/icons-material/Send";
import {
  OUTBOX_STATUSES,
  type OutboxMessage,
} from "../../../../common/schemas/mail-outbox";
import { systemClient } from "../../../http";
import { ConfirmedRowAction } from "../../../kit/ConfirmedRowAction";
import { ResourceList } from "../../../kit/ResourceList";
import { hiddenBelowMd, TimeCol } from "../../../kit/columns";
import { CodeField, useCodeChoices } from "../LogList";

/** Queues one message again (outbox:resend, audited). */
function ResendButton() {
  const translate = useTranslate();
  const record = useRecordContext<OutboxMessage>();
  if (!record) return null;
  return (
    <ConfirmedRowAction
      permission="outbox:resend"
      label={translate("system.outbox.resend")}
      icon={<SendIcon />}
      title={translate("system.outbox.confirm_title")}
      content={translate("system.outbox.confirm_content", {
        recipient: record.recipient,
      })}
      done="system.outbox.done"
      run={() => systemClient.post(`system/outbox/${record.id}/resend`, {})}
    />
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
    <ResourceList
      filters={filters}
      sort={{ field: "createdAt", order: "DESC" }}
      actions={false}
      bulkActionButtons={false}
      table={{ rowClick: "expand", expand: <FailureReason /> }}
    >
      <TimeCol source="createdAt" />
      <DataTable.Col source="recipient" />
      <DataTable.Col source="subject" disableSort />
      <DataTable.Col source="status">
        <CodeField source="status" prefix="system.outbox.status" />
      </DataTable.Col>
      <DataTable.Col source="attempts" disableSort />
      <TimeCol source="sentAt" sx={hiddenBelowMd} />
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
    </ResourceList>
  );
}

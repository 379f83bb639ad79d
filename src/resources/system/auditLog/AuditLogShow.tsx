import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import {
  DateField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  useTranslate,
} from "react-admin";
import type { AuditLog } from "../../../../common/schemas/audit-log";

function shown(value: unknown): string {
  if (value === null || value === undefined) return "—";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}

/** The changed fields side by side: before on the left, after on the right. */
export function ChangesDiff() {
  const translate = useTranslate();
  const record = useRecordContext<AuditLog>();
  if (!record) return null;
  const rows = Object.entries(record.changes);
  if (rows.length === 0)
    return (
      <Typography color="text.secondary">
        {translate("system.audit.no_changes")}
      </Typography>
    );
  const cell = {
    fontFamily: "monospace",
    whiteSpace: "pre-wrap",
    wordBreak: "break-word",
    verticalAlign: "top",
  } as const;
  return (
    <Table size="small" data-testid="audit-diff">
      <TableHead>
        <TableRow>
          <TableCell>{translate("system.audit.field")}</TableCell>
          <TableCell>{translate("system.audit.before")}</TableCell>
          <TableCell>{translate("system.audit.after")}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map(([field, [before, after]]) => (
          <TableRow key={field}>
            <TableCell component="th" scope="row">
              {field}
            </TableCell>
            <TableCell
              sx={{
                ...cell,
                bgcolor: before === null ? undefined : "error.light",
                color: before === null ? undefined : "error.contrastText",
              }}
            >
              {shown(before)}
            </TableCell>
            <TableCell
              sx={{
                ...cell,
                bgcolor: after === null ? undefined : "success.light",
                color: after === null ? undefined : "success.contrastText",
              }}
            >
              {shown(after)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** One audit row: who, when, from where, what, and its diff. */
export function AuditLogShow() {
  const translate = useTranslate();
  return (
    <Show>
      <SimpleShowLayout>
        <DateField source="createdAt" showTime />
        <TextField source="loginName" />
        <TextField source="ip" />
        <TextField source="resource" />
        <TextField source="recordId" />
        <Labeled source="action">
          <ActionName translate={translate} />
        </Labeled>
        <Labeled source="changes" fullWidth>
          <ChangesDiff />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}

function ActionName({
  translate,
}: {
  translate: ReturnType<typeof useTranslate>;
}) {
  const record = useRecordContext<AuditLog>();
  if (!record) return null;
  return (
    <span>
      {translate(`system.audit.action.${record.action}`, { _: record.action })}
    </span>
  );
}

import Chip from "@mui/material/Chip";
import { useRecordContext, useTranslate } from "react-admin";
import type { WorkflowStatus } from "../../../common/schemas/workflow";

const COLOURS: Record<
  WorkflowStatus,
  "default" | "success" | "info" | "warning"
> = {
  draft: "default",
  published: "success",
  scheduled: "info",
  archived: "warning",
};

/** A record's workflow status as a chip, in the admin's language. */
export function StatusField(_props: { source?: string; label?: string }) {
  const translate = useTranslate();
  const record = useRecordContext<{ status: WorkflowStatus }>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOURS[record.status]}
      label={translate(`content.status.${record.status}`)}
    />
  );
}

import Chip from "@mui/material/Chip";
import { useRecordContext, useTranslate } from "react-admin";
import type { WorkflowStatus } from "../../../common/schemas/workflow";

// Filled chips where colour carries meaning: their text keeps a 4.5:1 contrast (axe).
// MUI's warning and info tones on white fall short of it, so they are not used.
const STATUS_LOOK: Record<
  WorkflowStatus,
  { color: "default" | "success" | "primary"; variant: "filled" | "outlined" }
> = {
  draft: { color: "default", variant: "outlined" },
  published: { color: "success", variant: "filled" },
  scheduled: { color: "primary", variant: "filled" },
  archived: { color: "default", variant: "filled" },
};

/** A record's workflow status as a chip, in the admin's language. */
export function StatusField(_props: { source?: string; label?: string }) {
  const translate = useTranslate();
  const record = useRecordContext<{ status: WorkflowStatus }>();
  if (!record) return null;
  return (
    <Chip
      size="small"
      {...STATUS_LOOK[record.status]}
      label={translate(`content.status.${record.status}`)}
    />
  );
}

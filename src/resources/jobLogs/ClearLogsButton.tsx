import { useState } from "react";
import DeleteSweepIcon from "@mui/icons-material/DeleteSweep";
import { Button, useTranslate } from "react-admin";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import { mainClient } from "../../http";
import { useServerAction } from "../../kit/useServerAction";

/** A local date-time for the input, 30 days back: the usual retention. */
function defaultBefore(): string {
  const date = new Date(Date.now() - 30 * 24 * 3600 * 1000);
  date.setMinutes(date.getMinutes() - date.getTimezoneOffset());
  return date.toISOString().slice(0, 16);
}

/** "Clear logs older than": deletes finished logs started before the chosen time. */
export function ClearLogsButton() {
  const translate = useTranslate();
  const { busy, run } = useServerAction();
  const [open, setOpen] = useState(false);
  const [before, setBefore] = useState(defaultBefore);
  const valid = before !== "" && !Number.isNaN(new Date(before).getTime());

  const clear = () =>
    run(
      async () => {
        const answer = await mainClient.post<{ deleted: number }>(
          "/system/job-logs/clear",
          { before: new Date(before).toISOString() },
        );
        return {
          message: "jobs.cleared",
          args: { count: answer.data.deleted },
        };
      },
      () => setOpen(false),
    );

  return (
    <>
      <Button label="jobs.clear" onClick={() => setOpen(true)}>
        <DeleteSweepIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{translate("jobs.clear_title")}</DialogTitle>
        <DialogContent>
          <TextField
            type="datetime-local"
            label={translate("jobs.clear_before")}
            value={before}
            onChange={(event) => setBefore(event.target.value)}
            error={!valid}
            sx={{ mt: 1 }}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label="jobs.clear_cancel" onClick={() => setOpen(false)} />
          <Button
            label="jobs.clear_confirm"
            onClick={clear}
            disabled={!valid || busy}
            color="error"
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

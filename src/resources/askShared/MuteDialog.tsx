import { useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  type TextFieldProps,
} from "@mui/material";
import { useNotify, useTranslate } from "react-admin";
import { mainClient } from "../../http";
import {
  DURATIONS,
  REASON_MAX,
  failureMessage,
  untilOf,
  type Duration,
} from "./shared";

/** Mutes a member for a chosen time, with a reason. */
export function MuteDialog({
  userId,
  userName,
  onClose,
  onDone,
}: {
  userId: number;
  userName: string;
  onClose: () => void;
  onDone?: () => Promise<void>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [duration, setDuration] = useState<Duration>("d1");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if ([...reason].length > REASON_MAX)
      return setError(translate("validation.too_long", { max: REASON_MAX }));
    try {
      await mainClient.post("ask/admin/mutes", {
        userId,
        reason,
        until: untilOf(duration),
      });
      notify("moderation.done", { type: "success" });
      await onDone?.();
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate("moderation.action.mute")}: {userName}
      </DialogTitle>
      <DialogContent>
        <DurationSelect
          fullWidth
          margin="dense"
          label={translate("moderation.field.duration")}
          value={duration}
          onChange={setDuration}
        />
        <TextField
          fullWidth
          margin="dense"
          label={translate("moderation.field.reason")}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? " "}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate("moderation.action.cancel")}
        </Button>
        <Button variant="contained" color="warning" onClick={save}>
          {translate("moderation.action.mute")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** How long a mute lasts: a day, a week, a month, or for good. */
export function DurationSelect({
  label,
  value,
  onChange,
  ...field
}: {
  label: string;
  value: Duration;
  onChange: (value: Duration) => void;
} & Pick<TextFieldProps, "fullWidth" | "margin" | "size">) {
  const translate = useTranslate();
  return (
    <TextField
      select
      {...field}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Duration)}
    >
      {DURATIONS.map((option) => (
        <MenuItem key={option} value={option}>
          {translate(`moderation.duration.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

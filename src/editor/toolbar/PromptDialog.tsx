import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useTranslate } from "ra-core";
import { useEffect, useState, type ReactNode } from "react";

export interface PromptDialogProps {
  open: boolean;
  title: string;
  label: string;
  initialValue?: string;
  /** Returns an error message key for a bad value, or null. */
  validate?: (value: string) => string | null;
  onSubmit: (value: string) => void;
  onClose: () => void;
  /** Optional extra action (e.g. "Remove link"). */
  onRemove?: () => void;
  children?: ReactNode;
  multiline?: boolean;
  name: string;
  /** Follows the value as it is typed (e.g. for a preview). */
  onValueChange?: (value: string) => void;
}

/** A small dialog asking for one value (a URL, a formula). */
export function PromptDialog(props: PromptDialogProps) {
  const translate = useTranslate();
  const {
    open,
    title,
    label,
    initialValue = "",
    validate,
    onSubmit,
    onClose,
    onRemove,
    children,
    multiline,
    name,
    onValueChange,
  } = props;
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setValue(initialValue);
      setError(null);
      onValueChange?.(initialValue);
    }
    // onValueChange is a callback; following it would reset the field on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, initialValue]);

  const submit = () => {
    const problem = validate?.(value) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    onSubmit(value);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      data-dialog={name}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={label}
          value={value}
          multiline={multiline}
          minRows={multiline ? 2 : undefined}
          error={Boolean(error)}
          helperText={error ? translate(error) : " "}
          onChange={(event) => {
            setValue(event.target.value);
            setError(null);
            onValueChange?.(event.target.value);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
          slotProps={{ htmlInput: { "data-field": name } }}
        />
        {children}
      </DialogContent>
      <DialogActions>
        {onRemove && (
          <Button color="error" onClick={onRemove} sx={{ mr: "auto" }}>
            {translate("editor.dialog.remove")}
          </Button>
        )}
        <Button onClick={onClose}>{translate("editor.dialog.cancel")}</Button>
        <Button variant="contained" onClick={submit} data-action="ok">
          {translate("editor.dialog.ok")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

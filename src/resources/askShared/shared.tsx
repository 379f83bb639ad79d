import { useCallback, useEffect, useMemo, useState } from "react";
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
} from "@mui/material";
import { Form, TextInput, useLocale, useTranslate } from "react-admin";
import { z } from "zod";
import { validateWithSchema } from "../../kit/schemaForm";
import { stringify } from "csv-stringify/browser/esm/sync";
import { mainClient } from "../../http";

export const REASON_MAX = 500;

/** Loads `path` with `params`; reload() reads it again (after a change). */
export function useLoad<T>(
  path: string | null,
  params?: Record<string, unknown>,
) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(params ?? {});
  const reload = useCallback(async () => {
    if (!path) return;
    try {
      const answer = await mainClient.get<T>(path, {
        ...(JSON.parse(key) as Record<string, unknown>),
        _loading: false,
      });
      setData(answer.data);
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  }, [path, key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}

/** The server's message of a failed call (the client already showed it as a notice). */
export function failureMessage(failure: unknown): string {
  const data = (failure as { data?: { errors?: Record<string, string> } })
    ?.data;
  const first = data?.errors ? Object.values(data.errors)[0] : undefined;
  const message = failure instanceof Error ? failure.message : String(failure);
  return first ? `${message}: ${first}` : message;
}

export function useTime() {
  const locale = useLocale();
  return (iso: string | null | undefined) =>
    iso
      ? new Intl.DateTimeFormat(locale, {
          dateStyle: "short",
          timeStyle: "short",
        }).format(new Date(iso))
      : "";
}

const STATUS_COLOR = {
  pending: "warning",
  visible: "success",
  hidden: "default",
  closed: "info",
  deleted: "error",
} as const;

export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? "default"}
      label={translate(`moderation.status.${status}`)}
    />
  );
}

/** The reason's schema: required for hide, close and a reveal, at most REASON_MAX always. */
function reasonSchema(required: boolean) {
  const reason = z.string().trim().max(REASON_MAX);
  return z.object({ reason: required ? reason.min(1) : reason.optional() });
}

/**
 * Asks for a reason (required for hide and close) and runs `onConfirm` with it: a
 * react-admin form checked through the kit's schema adapter. Shows the server's refusal
 * in the dialog and keeps it open.
 */
export function ReasonDialog({
  title,
  required,
  open,
  onClose,
  onConfirm,
}: {
  title: string;
  required: boolean;
  open: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const validate = useMemo(
    () => validateWithSchema(reasonSchema(required)),
    [required],
  );
  useEffect(() => {
    if (open) setError(null);
  }, [open]);
  const submit = async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await onConfirm(String(values.reason ?? "").trim());
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      {open ? (
        <Form
          defaultValues={{ reason: "" }}
          validate={validate}
          onSubmit={submit}
          noValidate
        >
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <TextInput
              source="reason"
              autoFocus
              fullWidth
              multiline
              minRows={2}
              label="moderation.field.reason"
              isRequired={required}
            />
            {error ? <Alert severity="error">{error}</Alert> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>
              {translate("moderation.action.cancel")}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate("moderation.action.apply")}
            </Button>
          </DialogActions>
        </Form>
      ) : null}
    </Dialog>
  );
}

export const DURATIONS = ["d1", "d7", "d30", "permanent"] as const;
export type Duration = (typeof DURATIONS)[number];
const DURATION_DAYS: Record<Duration, number | null> = {
  d1: 1,
  d7: 7,
  d30: 30,
  permanent: null,
};
/** The end of a mute that starts now, as the API takes it (null: permanent). */
export function untilOf(duration: Duration, now = Date.now()): string | null {
  const days = DURATION_DAYS[duration];
  return days === null ? null : new Date(now + days * 86_400_000).toISOString();
}

/** A CSV of the rows on screen (csv-stringify), saved as a file. */
export function downloadCsv(
  name: string,
  header: string[],
  rows: (string | number | null | undefined)[][],
) {
  // A cell that starts like a formula is written as text (CSV injection).
  const safe = rows.map((row) =>
    row.map((value) => {
      const text = value === null || value === undefined ? "" : String(value);
      return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    }),
  );
  const text = stringify([header, ...safe], { record_delimiter: "windows" });
  const blob = new Blob([`\uFEFF${text}`], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = `${name}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

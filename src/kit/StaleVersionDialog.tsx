import { useState } from "react";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MuiButton from "@mui/material/Button";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslate } from "react-admin";
import { ApiError } from "../http";

/** Fields every record carries that say nothing about what someone changed. */
const BOOKKEEPING = new Set([
  "id",
  "version",
  "createdAt",
  "updatedAt",
  "createdBy",
  "updatedBy",
  "publishedAt",
  "views",
]);

/** A save refused because someone saved the record since it was read (40900 on `version`). */
export function isStaleVersion(error: unknown): boolean {
  const data = (error as ApiError | undefined)?.data as
    { errors?: Record<string, unknown> } | undefined;
  return (
    error instanceof ApiError &&
    error.code === 40900 &&
    data?.errors?.version !== undefined
  );
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") {
    // Rich text reads as its text here; the full value is what gets saved.
    const text = value.includes("<")
      ? (new DOMParser().parseFromString(value, "text/html").body.textContent ??
        "")
      : value;
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  }
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null) ||
  ((a ?? "") === "" && (b ?? "") === "");

export interface StaleVersionDialogProps {
  open: boolean;
  /** The values the user tried to save. */
  mine: Record<string, unknown>;
  /** Reads the record as it is stored now. */
  loadTheirs(): Promise<Record<string, unknown>>;
  /** Translation key of a field's name. */
  fieldLabel(field: string): string;
  /** Take the stored record: the user's changes are dropped. */
  onReload(theirs: Record<string, unknown>): void;
  /** Keep the user's values and save them over the stored record (its version). */
  onOverwrite(theirs: Record<string, unknown>): void;
  onClose(): void;
}

/**
 * What a form offers when its save met a newer version: reload the stored record, or see
 * the other change (field by field, theirs against yours) and then reload or overwrite.
 * Every edit form gets it through FormToolbar; the article editor uses it directly.
 */
export function StaleVersionDialog({
  open,
  mine,
  loadTheirs,
  fieldLabel,
  onReload,
  onOverwrite,
  onClose,
}: StaleVersionDialogProps) {
  const translate = useTranslate();
  const [theirs, setTheirs] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchTheirs = async () => {
    setBusy(true);
    try {
      const record = await loadTheirs();
      setTheirs(record);
      return record;
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setTheirs(null);
    onClose();
  };
  const differing = theirs
    ? Object.keys(theirs).filter(
        (key) =>
          !BOOKKEEPING.has(key) && key in mine && !same(mine[key], theirs[key]),
      )
    : [];

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth={theirs ? "md" : "sm"}
      aria-labelledby="stale-version-title"
    >
      <DialogTitle id="stale-version-title">
        {translate("content.stale.title")}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{translate("content.stale.body")}</DialogContentText>
        {theirs && differing.length === 0 ? (
          <Typography sx={{ mt: 2 }}>
            {translate("content.stale.same")}
          </Typography>
        ) : null}
        {theirs && differing.length > 0 ? (
          <Table
            size="small"
            sx={{ mt: 2 }}
            aria-label={translate("content.stale.see")}
          >
            <TableHead>
              <TableRow>
                <TableCell>{translate("content.stale.field")}</TableCell>
                <TableCell>{translate("content.stale.yours")}</TableCell>
                <TableCell>{translate("content.stale.theirs")}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {differing.map((key) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row">
                    {translate(fieldLabel(key), { _: key })}
                  </TableCell>
                  <TableCell sx={{ wordBreak: "break-word" }}>
                    {shown(mine[key])}
                  </TableCell>
                  <TableCell sx={{ wordBreak: "break-word" }}>
                    {shown(theirs[key])}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        {theirs ? (
          <MuiButton
            color="warning"
            onClick={() => {
              onOverwrite(theirs);
              setTheirs(null);
            }}
          >
            {translate("content.stale.overwrite")}
          </MuiButton>
        ) : (
          <MuiButton disabled={busy} onClick={() => void fetchTheirs()}>
            {translate("content.stale.see")}
          </MuiButton>
        )}
        <MuiButton
          variant="contained"
          disabled={busy}
          onClick={async () => {
            const record = theirs ?? (await fetchTheirs());
            onReload(record);
            setTheirs(null);
          }}
        >
          {translate("content.stale.reload")}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/**
 * For a page that saves one versioned settings record itself (事工配置, 直播设置): a save
 * refused as stale opens the same dialog every form has, with the user's typed values kept
 * (issue 25 item 18). Reload takes the stored record; overwrite saves the user's values
 * again with the stored version.
 */
export function useStaleSettingsDialog({
  loadTheirs,
  fieldLabel,
  onReload,
  resave,
}: {
  loadTheirs(): Promise<Record<string, unknown>>;
  fieldLabel(field: string): string;
  onReload(theirs: Record<string, unknown>): void;
  resave(values: Record<string, unknown>): Promise<unknown>;
}) {
  const [mine, setMine] = useState<Record<string, unknown> | null>(null);
  const dialog = (
    <StaleVersionDialog
      open={mine !== null}
      mine={mine ?? {}}
      loadTheirs={loadTheirs}
      fieldLabel={fieldLabel}
      onReload={(theirs) => {
        setMine(null);
        onReload(theirs);
      }}
      onOverwrite={(theirs) => {
        const values = mine ?? {};
        setMine(null);
        void resave({ ...values, version: theirs.version });
      }}
      onClose={() => setMine(null)}
    />
  );
  return { openFor: setMine, dialog };
}

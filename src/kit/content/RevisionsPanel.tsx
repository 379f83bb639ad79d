import { useCallback, useEffect, useState } from "react";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import MuiButton from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useLocale, useNotify, useTranslate } from "react-admin";
import { mainClient } from "../../http";
import { fieldText } from "./textDiff";
import { TextDiff } from "./TextDiff";

export interface RevisionSummary {
  id: number;
  recordVersion: number;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
  restoredFrom: number | null;
}

export interface RevisionsPanelProps {
  /** The API path, e.g. "sermons". */
  apiPath: string;
  /** The translation prefix of the fields' names, e.g. "resources.admin/sermonManage.fields". */
  fieldsPrefix: string;
  /** The record as it is now (saved), with its id and version. */
  current: Record<string, unknown> & { id: number; version: number };
  /** The fields compared, in order; those holding HTML are read as text. */
  fields: readonly string[];
  htmlFields?: readonly string[];
  /** Called with the record after a restore (its new version). */
  onRestored(record: Record<string, unknown>): void;
}

/**
 * The revisions of one record (who, when), newest first; each can be compared with the
 * current text side by side and restored (which makes a new revision, audited).
 */
export function RevisionsPanel({
  apiPath,
  fieldsPrefix,
  current,
  fields,
  htmlFields = [],
  onRestored,
}: RevisionsPanelProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = useLocale();
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [open, setOpen] = useState<OpenRevision | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const answer = await mainClient.get<{ list: RevisionSummary[] }>(
        `/${apiPath}/${current.id}/revisions`,
        { range: "[0,99]" },
        { loading: false },
      );
      setRevisions(answer.data.list);
    } catch {
      setRevisions([]);
    }
  }, [apiPath, current.id]);
  useEffect(() => {
    void load();
  }, [load, current.version]);

  const compare = async (summary: RevisionSummary) => {
    try {
      const answer = await mainClient.get<{ data: Record<string, unknown> }>(
        `/${apiPath}/${current.id}/revisions/${summary.id}`,
      );
      setOpen({ summary, data: answer.data.data });
    } catch {
      // The client has shown the server's message.
    }
  };
  const restore = async () => {
    if (!open) return;
    setBusy(true);
    try {
      const answer = await mainClient.post<Record<string, unknown>>(
        `/${apiPath}/${current.id}/revisions/${open.summary.id}/restore`,
        { version: current.version },
      );
      notify("content.revisions.restored", { type: "info" });
      setOpen(null);
      onRestored(answer.data);
    } catch {
      // The client has shown the server's message (a stale version among them).
    } finally {
      setBusy(false);
    }
  };

  const time = (iso: string) =>
    new Date(iso).toLocaleString(locale, {
      dateStyle: "medium",
      timeStyle: "short",
    });

  return (
    <Box component="section" aria-labelledby="revisions-heading">
      <Typography id="revisions-heading" variant="h6" component="h2">
        {translate("content.revisions.title")}
      </Typography>
      {revisions && revisions.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate("content.revisions.empty")}
        </Typography>
      ) : null}
      <List dense aria-label={translate("content.revisions.title")}>
        {(revisions ?? []).map((revision, index) => (
          <ListItem
            key={revision.id}
            disableGutters
            secondaryAction={
              index === 0 ? (
                <Typography variant="caption" color="text.secondary">
                  {translate("content.revisions.current")}
                </Typography>
              ) : (
                <MuiButton size="small" onClick={() => void compare(revision)}>
                  {translate("content.revisions.compare")}
                  <Box component="span" sx={visuallyHidden}>
                    {` #${revision.id}`}
                  </Box>
                </MuiButton>
              )
            }
          >
            <ListItemText
              primary={`#${revision.id} · ${translate("content.revisions.by", {
                name:
                  revision.createdByName ??
                  translate("content.revisions.unknown_user"),
                time: time(revision.createdAt),
              })}`}
              secondary={
                revision.restoredFrom
                  ? translate("content.revisions.restored_from", {
                      id: revision.restoredFrom,
                    })
                  : undefined
              }
            />
          </ListItem>
        ))}
      </List>
      <RevisionCompareDialog
        open={open}
        current={current}
        fields={fields}
        htmlFields={htmlFields}
        fieldsPrefix={fieldsPrefix}
        busy={busy}
        onClose={() => setOpen(null)}
        onRestore={() => void restore()}
      />
    </Box>
  );
}

interface OpenRevision {
  summary: RevisionSummary;
  data: Record<string, unknown>;
}

/** One revision beside the current text, field by changed field, with its restore button. */
function RevisionCompareDialog({
  open,
  current,
  fields,
  htmlFields,
  fieldsPrefix,
  busy,
  onClose,
  onRestore,
}: {
  open: OpenRevision | null;
  current: Record<string, unknown>;
  fields: readonly string[];
  htmlFields: readonly string[];
  fieldsPrefix: string;
  busy: boolean;
  onClose(): void;
  onRestore(): void;
}) {
  const translate = useTranslate();
  const changed = open
    ? fields.filter(
        (field) =>
          fieldText(open.data[field], htmlFields.includes(field)) !==
          fieldText(current[field], htmlFields.includes(field)),
      )
    : [];
  return (
    <Dialog
      open={open !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="revision-compare-title"
    >
      <DialogTitle id="revision-compare-title">
        {open
          ? translate("content.revisions.compare_title", {
              id: open.summary.id,
            })
          : null}
      </DialogTitle>
      <DialogContent>
        {changed.length === 0 ? (
          <Typography>{translate("content.revisions.no_changes")}</Typography>
        ) : null}
        {open
          ? changed.map((field) => (
              <TextDiff
                key={field}
                label={`${fieldsPrefix}.${field}`}
                before={fieldText(open.data[field], htmlFields.includes(field))}
                after={fieldText(current[field], htmlFields.includes(field))}
                beforeLabel={translate("content.revisions.selected")}
                afterLabel={translate("content.revisions.now")}
              />
            ))
          : null}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>
          {translate("content.revisions.close")}
        </MuiButton>
        <MuiButton variant="contained" disabled={busy} onClick={onRestore}>
          {translate("content.revisions.restore")}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

const visuallyHidden = {
  position: "absolute",
  width: 1,
  height: 1,
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;

/**
 * The fields a revision compares: the input schema's keys, less the publishing state (a
 * revision restores the text, never the status or the publishing time).
 */
export function comparedFields(schema: { shape: object }): string[] {
  return Object.keys(schema.shape).filter(
    (key) => key !== "status" && key !== "publishAt",
  );
}

import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
} from "@mui/material";
import { useTranslate } from "react-admin";
import type { MediaKind } from "../../common/media-rules";
import type { MediaFile } from "../../common/schemas/file";
import { formatBytes } from "./format";
import { useMediaApi } from "./mediaApi";

/** "Choose from the library": the newest files of one kind, searchable by name. */
export function LibraryDialog({
  kind,
  open,
  onClose,
  onChoose,
}: {
  kind: MediaKind;
  open: boolean;
  onClose: () => void;
  onChoose: (file: MediaFile) => void;
}) {
  const translate = useTranslate();
  const api = useMediaApi();
  const [q, setQ] = useState("");
  const [files, setFiles] = useState<MediaFile[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    // A short pause, so typing a name asks once rather than per key.
    const timer = setTimeout(() => {
      api.list({ kind, q: q.trim() || undefined }).then(
        (list) => {
          if (!current) return;
          setFiles(list);
          setFailed(false);
        },
        () => current && setFailed(true),
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, kind, q, open]);

  const kindName = translate(`media.kind.${kind}`);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate("media.library_title", { kind: kindName })}
      </DialogTitle>
      <DialogContent>
        <TextField
          label={translate("media.library_search")}
          value={q}
          onChange={(event) => setQ(event.target.value)}
          fullWidth
          size="small"
          margin="dense"
          autoFocus
        />
        {failed ? (
          <Alert severity="error">{translate("media.library_failed")}</Alert>
        ) : null}
        {files && files.length === 0 ? (
          <Alert severity="info">{translate("media.library_empty")}</Alert>
        ) : null}
        <List dense>
          {/* Each button sits in its own <li>: a list holds only items (axe: list). */}
          {(files ?? []).map((file) => (
            <ListItem key={file.id} disablePadding>
              <ListItemButton onClick={() => onChoose(file)}>
                <ListItemText
                  primary={file.originalName}
                  secondary={`${formatBytes(file.size)} · ${file.createdAt.slice(0, 10)}`}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("media.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}

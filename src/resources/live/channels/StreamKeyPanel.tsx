import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import KeyIcon from "@mui/icons-material/Key";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import {
  Button,
  Confirm,
  useCanAccess,
  useLocaleState,
  useRecordContext,
  useRefresh,
  useTranslate,
} from "react-admin";
import type { Channel } from "../../../../common/schemas/live";
import { mainClient } from "../../../http";

/**
 * The channel's stream key: whether one exists (its last four characters), and a button
 * that generates a new one. The full key is shown once, in a dialog, right after the
 * server made it; it is kept nowhere in the app once the dialog closes.
 */
export function StreamKeyPanel() {
  const channel = useRecordContext<Channel>();
  const translate = useTranslate();
  const refresh = useRefresh();
  const [locale] = useLocaleState();
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess: canUpdate } = useCanAccess({
    resource: "admin/channelManage",
    action: "edit",
  });
  if (!channel) return null;

  const generate = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const answer = await mainClient.post<{ streamKey: string }>(
        `/channels/${channel.id}/stream-key`,
        { version: channel.version },
      );
      setCopied(false);
      setKey(answer.data.streamKey);
    } catch {
      // The client has shown the server's message (a stale version: reload).
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setKey(null);
    refresh();
  };

  return (
    <Box component="section" aria-labelledby="stream-key-title" sx={{ p: 2 }}>
      <Typography id="stream-key-title" variant="h6" component="h2">
        {translate("live.key.title")}
      </Typography>
      <Typography variant="body2" sx={{ my: 1 }}>
        {channel.streamKeySet
          ? translate("live.key.set", {
              hint: channel.streamKeyHint ?? "",
              at: channel.streamKeyGeneratedAt
                ? new Intl.DateTimeFormat(locale, {
                    dateStyle: "medium",
                    timeStyle: "short",
                  }).format(new Date(channel.streamKeyGeneratedAt))
                : "",
            })
          : translate("live.key.none")}
      </Typography>
      {canUpdate ? (
        <Button
          label={
            channel.streamKeySet ? "live.key.regenerate" : "live.key.generate"
          }
          variant="outlined"
          disabled={busy}
          onClick={() =>
            channel.streamKeySet ? setConfirming(true) : void generate()
          }
        >
          <KeyIcon />
        </Button>
      ) : null}
      <Confirm
        isOpen={confirming}
        title="live.key.confirm_title"
        content="live.key.confirm_content"
        onConfirm={() => void generate()}
        onClose={() => setConfirming(false)}
      />
      <Dialog open={key !== null} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{translate("live.key.title")}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate("live.key.shown_once")}
          </Alert>
          <TextField
            label={translate("live.key.title")}
            value={key ?? ""}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            onFocus={(event) => event.target.select()}
          />
        </DialogContent>
        <DialogActions>
          <Button
            label={copied ? "live.key.copied" : "live.key.copy"}
            onClick={() => {
              if (key)
                navigator.clipboard?.writeText(key).then(
                  () => setCopied(true),
                  () => undefined,
                );
            }}
          >
            <ContentCopyIcon />
          </Button>
          <Button label="live.key.close" variant="contained" onClick={close} />
        </DialogActions>
      </Dialog>
    </Box>
  );
}

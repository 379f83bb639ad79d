import { useState } from "react";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import KeyIcon from "@mui/icons-material/Key";
import { Button, useNotify, useRecordContext, useTranslate } from "react-admin";
import { passwordProblem } from "../../../../common/schemas/password";
import { systemClient } from "../../../http";

/** An administrator sets a user's new password; the user's sessions end. */
export function ResetPasswordButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const record = useRecordContext<{ id: number; loginName: string }>();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  if (!record) return null;
  const submit = async () => {
    const problem = passwordProblem(password, record.loginName);
    if (problem) {
      setError(translate(problem));
      return;
    }
    await systemClient.post(`system/users/${record.id}/password`, { password });
    setOpen(false);
    setPassword("");
    notify(translate("system.users.password_reset_done"), { type: "success" });
  };
  return (
    <>
      <Button
        label={translate("system.users.reset_password")}
        onClick={() => setOpen(true)}
      >
        <KeyIcon />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        aria-labelledby="reset-password-title"
      >
        <DialogTitle id="reset-password-title">
          {translate("system.users.reset_password")}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            type="password"
            label={translate("system.users.new_password")}
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? translate("system.users.password_hint")}
            autoComplete="new-password"
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button
            label={translate("ra.action.cancel")}
            onClick={() => setOpen(false)}
          />
          <Button
            label={translate("ra.action.save")}
            onClick={submit}
            variant="contained"
          />
        </DialogActions>
      </Dialog>
    </>
  );
}

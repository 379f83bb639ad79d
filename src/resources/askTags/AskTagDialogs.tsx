import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from "@mui/material";
import {
  CreateBase,
  EditBase,
  useDelete,
  useGetList,
  useNotify,
  useRedirect,
  useRefresh,
  useTranslate,
} from "react-admin";
import { MAX_PAGE_SIZE } from "../../../common/constants";
import { mainClient } from "../../http";
import { failureMessage } from "../askShared/shared";
import { AskTagForm } from "./AskTagForm";

export const RESOURCE = "admin/askTagManage";

export interface AskTagRecord {
  id: number;
  name: string;
  version: number;
}

/** Create and edit open over the list, as a dialog; closing it goes back to the list. */
export function AskTagFormDialog({ id }: { id?: string }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const close = () => redirect("list", RESOURCE);
  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="ask-tag-form-title"
    >
      <DialogTitle id="ask-tag-form-title">
        {translate(id ? "ra.action.edit" : "ra.action.create")}
      </DialogTitle>
      {id ? (
        <EditBase
          resource={RESOURCE}
          id={id}
          mutationMode="pessimistic"
          redirect="list"
        >
          <AskTagForm />
        </EditBase>
      ) : (
        <CreateBase
          resource={RESOURCE}
          redirect="list"
          record={{ sortOrder: 0 }}
        >
          <AskTagForm />
        </CreateBase>
      )}
      <DialogActions>
        <Button onClick={close}>{translate("ra.action.cancel")}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Moves a tag's questions to another tag, then removes it (one transaction). */
export function MergeDialog({
  tag,
  onClose,
}: {
  tag: AskTagRecord;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: tags = [] } = useGetList<AskTagRecord>(RESOURCE, {
    pagination: { page: 1, perPage: MAX_PAGE_SIZE },
    sort: { field: "name", order: "ASC" },
  });
  const [target, setTarget] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const merge = async () => {
    if (!target) return setFailure(translate("validation.required"));
    setBusy(true);
    try {
      await mainClient.post(`ask/admin/tags/${tag.id}/merge`, {
        targetId: Number(target),
        version: tag.version,
      });
      notify("moderation.done", { type: "success" });
      refresh();
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="ask-tag-merge-title"
    >
      <DialogTitle id="ask-tag-merge-title">
        {translate("moderation.tag.merge_title", { name: tag.name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {translate("moderation.tag.merge_help")}
        </DialogContentText>
        <TextField
          select
          fullWidth
          required
          label={translate("moderation.field.target")}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
        >
          {tags
            .filter((other) => other.id !== tag.id)
            .map((other) => (
              <MenuItem key={other.id} value={String(other.id)}>
                {other.name}
              </MenuItem>
            ))}
        </TextField>
        {failure ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("ra.action.cancel")}</Button>
        <Button variant="contained" disabled={busy} onClick={merge}>
          {translate("moderation.action.merge")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Deleting a tag: first asks the server how many questions use it. None: confirm, then
 * delete. Some: say how many, and offer the merge instead (the server would refuse).
 */
export function DeleteDialog({
  tag,
  onClose,
  onMerge,
}: {
  tag: AskTagRecord;
  onClose: () => void;
  onMerge: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [questions, setQuestions] = useState<number | null>(null);
  const [remove, { isPending }] = useDelete();
  useEffect(() => {
    let live = true;
    mainClient
      .get<{ questions: number }>(`ask/admin/tags/${tag.id}/usage`, {
        _loading: false,
      })
      .then(({ data }) => live && setQuestions(data.questions))
      .catch(() => live && onClose());
    return () => {
      live = false;
    };
  }, [tag.id, onClose]);
  if (questions === null) return null;
  const inUse = questions > 0;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="ask-tag-delete-title"
    >
      <DialogTitle id="ask-tag-delete-title">
        {translate(
          inUse ? "moderation.tag.in_use_title" : "moderation.tag.delete_title",
          { name: tag.name },
        )}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {inUse
            ? translate("moderation.tag.in_use", { smart_count: questions })
            : translate("moderation.tag.delete_content")}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("ra.action.cancel")}</Button>
        {inUse ? (
          <Button variant="contained" onClick={onMerge}>
            {translate("moderation.tag.merge_instead")}
          </Button>
        ) : (
          <Button
            variant="contained"
            color="error"
            disabled={isPending}
            onClick={() =>
              remove(
                RESOURCE,
                { id: tag.id, previousData: tag },
                {
                  mutationMode: "pessimistic",
                  onSuccess: () => {
                    notify("moderation.done", { type: "success" });
                    onClose();
                  },
                  onError: () => onClose(),
                },
              )
            }
          >
            {translate("ra.action.delete")}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

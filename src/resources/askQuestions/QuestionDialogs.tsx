import { useMemo } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from "@mui/material";
import {
  Form,
  ReferenceArrayInput,
  SelectArrayInput,
  TextInput,
  useNotify,
  useTranslate,
  useUpdate,
} from "react-admin";
import { questionModerationSchema } from "../../../common/schemas/ask-moderation";
import { schemaForm } from "../../kit/schemaForm";
import { useLoad, useTime } from "../askShared/shared";
import { RESOURCE, type Question } from "./questionActions";

/** A question's title and tags, as the edit sends them: both required here. */
const editSchema = questionModerationSchema
  .pick({ title: true, tagIds: true })
  .required();

/** Edits a question's title and tags, checked by the schema the server enforces. */
export function QuestionEditDialog({
  question,
  onClose,
}: {
  question: Question;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  const form = useMemo(() => schemaForm(editSchema), []);
  const save = async (values: Record<string, unknown>) => {
    try {
      await update(
        RESOURCE,
        {
          id: question.id,
          data: { title: values.title, tagIds: values.tagIds },
          previousData: question,
        },
        { mutationMode: "pessimistic", returnPromise: true },
      );
      notify("moderation.done", { type: "success" });
      onClose();
    } catch {
      // The client has shown the server's message; the dialog stays open.
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <Form
        defaultValues={{
          title: question.title,
          tagIds: question.tags.map((tag) => tag.id),
        }}
        validate={form.validate}
        onSubmit={save}
        noValidate
      >
        <DialogTitle>{translate("moderation.action.edit")}</DialogTitle>
        <DialogContent>
          <TextInput
            source="title"
            label="moderation.field.title"
            fullWidth
            isRequired={form.required("title")}
          />
          <ReferenceArrayInput
            source="tagIds"
            reference="admin/askTagManage"
            perPage={100}
            sort={{ field: "sortOrder", order: "ASC" }}
          >
            <SelectArrayInput
              label="moderation.field.tags"
              optionText="name"
              fullWidth
              isRequired={form.required("tagIds")}
            />
          </ReferenceArrayInput>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            {translate("moderation.action.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={isPending}>
            {translate("moderation.action.save")}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

interface HistoryEntry {
  id: number;
  targetType: string;
  action: string;
  reason: string | null;
  moderator: string | null;
  createdAt: string;
}

/** A question's moderation history, its answers' included, newest first. */
export function HistoryDialog({
  id,
  onClose,
}: {
  id: number;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const time = useTime();
  const { data } = useLoad<{ list: HistoryEntry[] }>(
    `ask/admin/questions/${id}/history`,
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate("moderation.action.history")}</DialogTitle>
      <DialogContent>
        <List dense>
          {(data?.list ?? []).map((entry) => (
            <ListItem key={entry.id}>
              <ListItemText
                primary={`${time(entry.createdAt)} · ${entry.moderator ?? ""} · ${entry.targetType} · ${entry.action}`}
                secondary={entry.reason}
              />
            </ListItem>
          ))}
        </List>
        {data?.list.length === 0 ? (
          <p>{translate("moderation.empty")}</p>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate("moderation.action.cancel")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

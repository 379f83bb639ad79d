import { useMemo, useState } from "react";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from "@mui/material";
import {
  Form,
  TextInput,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from "react-admin";
import { answerModerationSchema } from "../../../common/schemas/ask-moderation";
import { schemaForm } from "../../kit/schemaForm";
import { MuteDialog } from "../askShared/MuteDialog";
import { ReasonDialog } from "../askShared/shared";
import { RESOURCE, type Answer } from "./answerTypes";

type Change = Partial<
  Pick<Answer, "status" | "recommended" | "recommendNote" | "body">
> & { reason?: string };

/** One answer's change through the resource's update (its own version), then the notice. */
function useChangeAnswer() {
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (answer: Answer, data: Change) => {
    await update(
      RESOURCE,
      { id: answer.id, data, previousData: answer },
      { mutationMode: "pessimistic", returnPromise: true },
    );
    notify("moderation.done", { type: "success" });
    refresh();
  };
}

/** The recommendation's note and the body: each its own form, checked by the schema. */
const NOTE_SCHEMA = answerModerationSchema.pick({ recommendNote: true });
const BODY_SCHEMA = answerModerationSchema
  .pick({ body: true })
  .required()
  .refine((value) => value.body.trim() !== "", {
    message: "validation.required",
    path: ["body"],
  });

function TextDialog({
  title,
  source,
  label,
  initial,
  edit,
  onClose,
  onSave,
}: {
  title: string;
  source: "recommendNote" | "body";
  label: string;
  initial: string;
  /** The body's edit (required, wide); otherwise the recommendation's note. */
  edit: boolean;
  onClose: () => void;
  onSave: (text: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const form = useMemo(
    () => schemaForm(edit ? BODY_SCHEMA : NOTE_SCHEMA),
    [edit],
  );
  const save = async (values: Record<string, unknown>) => {
    try {
      await onSave(String(values[source] ?? "").trim());
      onClose();
    } catch {
      // The client has shown the server's message; the dialog stays open.
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={edit ? "md" : "sm"}>
      <Form
        defaultValues={{ [source]: initial }}
        validate={form.validate}
        onSubmit={save}
        noValidate
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextInput
            source={source}
            label={label}
            fullWidth
            multiline
            minRows={3}
            isRequired={edit}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            {translate("moderation.action.cancel")}
          </Button>
          <Button type="submit" variant="contained">
            {translate("moderation.action.save")}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

type Open = "hide" | "unhide" | "recommend" | "edit" | "mute" | null;

/** The dialog a row's button opened: a reason, a note, the body, or the mute. */
function AnswerDialog({
  open,
  answer,
  change,
  onClose,
}: {
  open: Open;
  answer: Answer;
  change: (data: Change) => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  if (open === "recommend" || open === "edit")
    return (
      <TextDialog
        title={translate(`moderation.action.${open}`)}
        source={open === "edit" ? "body" : "recommendNote"}
        label={translate(
          open === "edit" ? "moderation.field.body" : "moderation.field.note",
        )}
        initial={open === "edit" ? answer.body : ""}
        edit={open === "edit"}
        onClose={onClose}
        onSave={(text) =>
          change(
            open === "edit"
              ? { body: text }
              : { recommended: true, recommendNote: text },
          )
        }
      />
    );
  if (open === "mute")
    return (
      <MuteDialog
        userId={answer.author.userId}
        userName={answer.author.userName}
        onClose={onClose}
      />
    );
  return (
    <ReasonDialog
      open={open === "hide" || open === "unhide"}
      title={open ? translate(`moderation.action.${open}`) : ""}
      required={open === "hide"}
      onClose={onClose}
      onConfirm={(reason) =>
        change({
          status: open === "hide" ? "hidden" : "visible",
          ...(reason ? { reason } : {}),
        })
      }
    />
  );
}

/**
 * A row's buttons: hide (with a reason) or unhide, approve a waiting answer, recommend
 * (with a note) or withdraw it, edit the body (a revision is kept), mute the author.
 */
export function AnswerRowActions() {
  const answer = useRecordContext<Answer>();
  const translate = useTranslate();
  const changeAnswer = useChangeAnswer();
  const [open, setOpen] = useState<Open>(null);
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "edit" });
  if (!answer || !canAccess) return null;
  const change = (data: Change) => changeAnswer(answer, data);
  const quietly = (data: Change) => () =>
    change(data).catch(() => {
      /* the client showed the server's message */
    });
  const button = (label: string, onClick: () => void, warn = false) => (
    <Button size="small" color={warn ? "warning" : "primary"} onClick={onClick}>
      {translate(`moderation.action.${label}`)}
    </Button>
  );
  return (
    <Stack direction="row" gap={0.5} flexWrap="wrap">
      {answer.status === "visible"
        ? button("hide", () => setOpen("hide"))
        : null}
      {answer.status === "hidden"
        ? button("unhide", () => setOpen("unhide"))
        : null}
      {answer.status === "pending"
        ? button("approve", quietly({ status: "visible" }))
        : null}
      {answer.recommended
        ? button("unrecommend", quietly({ recommended: false }))
        : button("recommend", () => setOpen("recommend"))}
      {button("edit", () => setOpen("edit"))}
      {/* An anonymous answer's author is muted through its report, or after a reveal. */}
      {answer.author.anonymous
        ? null
        : button("mute", () => setOpen("mute"), true)}
      <AnswerDialog
        open={open}
        answer={answer}
        change={change}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}

import { useState } from "react";
import { Button, Stack } from "@mui/material";
import {
  useCanAccess,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from "react-admin";
import { mainClient } from "../../http";
import { ReasonDialog } from "../askShared/shared";
import {
  ACTIONS,
  API_PATH,
  NEEDS_REASON,
  RESOURCE,
  TAKES_REASON,
  actionsFor,
  changeOf,
  type Action,
  type Question,
} from "./questionActions";
import { HistoryDialog, QuestionEditDialog } from "./QuestionDialogs";

/** One question's action through the resource's update (its own version), then the notice. */
function useModerate() {
  const [update] = useUpdate();
  const notify = useNotify();
  const refresh = useRefresh();
  return async (question: Question, action: Action, reason: string) => {
    await update(
      RESOURCE,
      {
        id: question.id,
        data: { ...changeOf(action, question), ...(reason ? { reason } : {}) },
        previousData: question,
      },
      { mutationMode: "pessimistic", returnPromise: true },
    );
    notify("moderation.done", { type: "success" });
    refresh();
  };
}

/** Asks for the reason of the actions that take one; runs the others at once. */
function ActionButtons({
  actions,
  run,
  variant,
}: {
  actions: readonly Action[];
  run: (action: Action, reason: string) => Promise<void>;
  variant?: "outlined";
}) {
  const translate = useTranslate();
  const [asking, setAsking] = useState<Action | null>(null);
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          size="small"
          variant={variant}
          onClick={(event) => {
            event.stopPropagation();
            if (TAKES_REASON.includes(action)) setAsking(action);
            else
              run(action, "").catch(() => {
                /* the client showed the server's message */
              });
          }}
        >
          {translate(`moderation.action.${action}`)}
        </Button>
      ))}
      <ReasonDialog
        open={asking !== null}
        title={asking ? translate(`moderation.action.${asking}`) : ""}
        required={asking ? NEEDS_REASON.includes(asking) : false}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => run(asking!, reason)}
      />
    </>
  );
}

/** A row's buttons: the actions its state allows, edit, and the moderation history. */
export function QuestionRowActions() {
  const question = useRecordContext<Question>();
  const translate = useTranslate();
  const moderate = useModerate();
  const [open, setOpen] = useState<"edit" | "history" | null>(null);
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "edit" });
  if (!question) return null;
  return (
    <Stack direction="row" flexWrap="wrap" gap={0.5}>
      {canAccess ? (
        <>
          <ActionButtons
            actions={actionsFor(question)}
            run={(action, reason) => moderate(question, action, reason)}
          />
          <Button size="small" onClick={() => setOpen("edit")}>
            {translate("moderation.action.edit")}
          </Button>
        </>
      ) : null}
      <Button size="small" onClick={() => setOpen("history")}>
        {translate("moderation.action.history")}
      </Button>
      {open === "edit" ? (
        <QuestionEditDialog question={question} onClose={() => setOpen(null)} />
      ) : null}
      {open === "history" ? (
        <HistoryDialog id={question.id} onClose={() => setOpen(null)} />
      ) : null}
    </Stack>
  );
}

/** What can be done to the selected questions at once: one batch, all or none. */
export function QuestionBulkActions() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "edit" });
  if (!canAccess) return null;
  const run = async (action: Action, reason: string) => {
    await mainClient.post(`${API_PATH}/batch`, {
      action,
      ids: selectedIds,
      ...(reason ? { reason } : {}),
    });
    notify("moderation.done", { type: "success" });
    onUnselectItems();
    refresh();
  };
  return (
    <Stack direction="row" flexWrap="wrap" gap={1}>
      <ActionButtons actions={ACTIONS} run={run} variant="outlined" />
    </Stack>
  );
}

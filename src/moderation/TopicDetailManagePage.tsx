import { useState } from "react";
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useSearchParams } from "react-router-dom";
import { Title, useNotify, useTranslate } from "react-admin";
import { mainClient } from "../http";
import { RevealAuthor } from "./RevealAuthor";
import {
  DURATIONS,
  REASON_MAX,
  ReasonDialog,
  StatusChip,
  failureMessage,
  untilOf,
  useLoad,
  useTime,
  type Duration,
} from "./shared";

interface Answer {
  id: number;
  body: string;
  excerpt: string;
  status: string;
  recommended: boolean;
  recommendNote: string | null;
  moderationReason: string | null;
  revisions: number;
  openReports: number;
  author: { userId: number; userName: string; anonymous?: boolean };
  createdAt: string;
  version: number;
}

/** topicDetailManage (issue 15): one question and all its answers, in every state. */
export function TopicDetailManagePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const valid = Number.isInteger(id) && id > 0;
  const question = useLoad<{
    id: number;
    title: string;
    status: string;
    excerpt: string;
  }>(valid ? `ask/admin/questions/${id}` : null);
  const answers = useLoad<{ list: Answer[] }>(
    valid ? `ask/admin/questions/${id}/answers` : null,
  );
  const [reasonFor, setReasonFor] = useState<{
    answer: Answer;
    status: string;
  } | null>(null);
  const [recommendFor, setRecommendFor] = useState<Answer | null>(null);
  const [editFor, setEditFor] = useState<Answer | null>(null);
  const [muteFor, setMuteFor] = useState<Answer | null>(null);

  const put = async (answer: Answer, change: Record<string, unknown>) => {
    await mainClient.put(`ask/admin/answers/${answer.id}`, {
      version: answer.version,
      ...change,
    });
    notify("moderation.done", { type: "success" });
    await answers.reload();
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate("app.page_names.topicDetailManage")} />
      {!valid ? (
        <Alert severity="info">{translate("moderation.topic.missing")}</Alert>
      ) : null}
      {question.error ? <Alert severity="error">{question.error}</Alert> : null}
      {question.data ? (
        <Box sx={{ mb: 2 }}>
          <Typography variant="h5" component="h2">
            {question.data.title} <StatusChip status={question.data.status} />
          </Typography>
          <Typography variant="body2">{question.data.excerpt}</Typography>
        </Box>
      ) : null}
      <Typography variant="h6" component="h2">
        {translate("moderation.action.answers")}
      </Typography>
      <Stack gap={1}>
        {(answers.data?.list ?? []).map((answer) => (
          <AnswerCard
            key={answer.id}
            answer={answer}
            onStatus={(status) => setReasonFor({ answer, status })}
            onChange={(change) => put(answer, change).catch(() => {})}
            onRecommend={() => setRecommendFor(answer)}
            onEdit={() => setEditFor(answer)}
            onMute={() => setMuteFor(answer)}
          />
        ))}
        {answers.data?.list.length === 0 ? (
          <p>{translate("moderation.empty")}</p>
        ) : null}
      </Stack>
      <ReasonDialog
        open={reasonFor !== null}
        title={
          reasonFor
            ? translate(
                reasonFor.status === "hidden"
                  ? "moderation.action.hide"
                  : "moderation.action.unhide",
              )
            : ""
        }
        required={reasonFor?.status === "hidden"}
        onClose={() => setReasonFor(null)}
        onConfirm={(reason) =>
          put(reasonFor!.answer, {
            status: reasonFor!.status,
            ...(reason ? { reason } : {}),
          })
        }
      />
      {recommendFor ? (
        <TextDialog
          title={translate("moderation.action.recommend")}
          label={translate("moderation.field.note")}
          initial=""
          max={REASON_MAX}
          required={false}
          onClose={() => setRecommendFor(null)}
          onSave={(note) =>
            put(recommendFor, { recommended: true, recommendNote: note })
          }
        />
      ) : null}
      {editFor ? (
        <TextDialog
          title={translate("moderation.action.edit")}
          label={translate("moderation.field.body")}
          initial={editFor.body}
          max={30000}
          required
          onClose={() => setEditFor(null)}
          onSave={(body) => put(editFor, { body })}
        />
      ) : null}
      {muteFor ? (
        <MuteDialog
          userId={muteFor.author.userId}
          userName={muteFor.author.userName}
          onClose={() => setMuteFor(null)}
        />
      ) : null}
    </Box>
  );
}

function TextDialog({
  title,
  label,
  initial,
  max,
  required,
  onClose,
  onSave,
}: {
  title: string;
  label: string;
  initial: string;
  max: number;
  required: boolean;
  onClose: () => void;
  onSave: (text: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (required && text.trim() === "")
      return setError(translate("moderation.error.required"));
    if ([...text].length > max)
      return setError(translate("moderation.error.too_long", { max }));
    try {
      await onSave(text.trim());
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          label={label}
          required={required}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? " "}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate("moderation.action.cancel")}
        </Button>
        <Button variant="contained" onClick={save}>
          {translate("moderation.action.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Mutes a member for a chosen time, with a reason. */
export function MuteDialog({
  userId,
  userName,
  onClose,
  onDone,
}: {
  userId: number;
  userName: string;
  onClose: () => void;
  onDone?: () => Promise<void>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [duration, setDuration] = useState<Duration>("d1");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if ([...reason].length > REASON_MAX)
      return setError(
        translate("moderation.error.too_long", { max: REASON_MAX }),
      );
    try {
      await mainClient.post("ask/admin/mutes", {
        userId,
        reason,
        until: untilOf(duration),
      });
      notify("moderation.done", { type: "success" });
      await onDone?.();
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate("moderation.action.mute")}: {userName}
      </DialogTitle>
      <DialogContent>
        <TextField
          select
          fullWidth
          margin="dense"
          label={translate("moderation.field.duration")}
          value={duration}
          onChange={(event) => setDuration(event.target.value as Duration)}
        >
          {DURATIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {translate(`moderation.duration.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth
          margin="dense"
          label={translate("moderation.field.reason")}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? " "}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate("moderation.action.cancel")}
        </Button>
        <Button variant="contained" color="warning" onClick={save}>
          {translate("moderation.action.mute")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One answer with its state, reports and revisions, and what a moderator can do to it. */
function AnswerCard({
  answer,
  onStatus,
  onChange,
  onRecommend,
  onEdit,
  onMute,
}: {
  answer: Answer;
  onStatus(status: "hidden" | "visible"): void;
  onChange(change: Record<string, unknown>): void;
  onRecommend(): void;
  onEdit(): void;
  onMute(): void;
}) {
  const translate = useTranslate();
  const time = useTime();
  return (
    <Card variant="outlined" data-answer-id={answer.id}>
      <CardContent>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <StatusChip status={answer.status} />
          <RevealAuthor kind="answers" id={answer.id} author={answer.author} />
          <span>{time(answer.createdAt)}</span>
          {answer.recommended ? (
            <span>★ {translate("moderation.field.recommended")}</span>
          ) : null}
          {answer.openReports ? (
            <span>
              {translate("moderation.field.reports")}: {answer.openReports}
            </span>
          ) : null}
          {answer.revisions ? (
            <span>
              {translate("moderation.field.revisions")}: {answer.revisions}
            </span>
          ) : null}
        </Stack>
        <Typography variant="body2" sx={{ my: 1, overflowWrap: "anywhere" }}>
          {answer.excerpt}
        </Typography>
        {answer.recommendNote ? (
          <Typography variant="body2">
            {translate("moderation.field.note")}: {answer.recommendNote}
          </Typography>
        ) : null}
        <Stack direction="row" gap={0.5} flexWrap="wrap">
          {answer.status === "visible" ? (
            <Button size="small" onClick={() => onStatus("hidden")}>
              {translate("moderation.action.hide")}
            </Button>
          ) : null}
          {answer.status === "hidden" ? (
            <Button size="small" onClick={() => onStatus("visible")}>
              {translate("moderation.action.unhide")}
            </Button>
          ) : null}
          {answer.status === "pending" ? (
            <Button
              size="small"
              onClick={() => onChange({ status: "visible" })}
            >
              {translate("moderation.action.approve")}
            </Button>
          ) : null}
          {answer.recommended ? (
            <Button
              size="small"
              onClick={() => onChange({ recommended: false })}
            >
              {translate("moderation.action.unrecommend")}
            </Button>
          ) : (
            <Button size="small" onClick={onRecommend}>
              {translate("moderation.action.recommend")}
            </Button>
          )}
          <Button size="small" onClick={onEdit}>
            {translate("moderation.action.edit")}
          </Button>
          {/* An anonymous answer's author is muted through its report, or after a reveal. */}
          {answer.author.anonymous ? null : (
            <Button size="small" color="warning" onClick={onMute}>
              {translate("moderation.action.mute")}
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

import { useState } from "react";
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  Tabs,
  TextField,
  Dialog,
  DialogTitle,
  DialogContent,
  DialogActions,
  List,
  ListItem,
  ListItemText,
  Typography,
} from "@mui/material";
import { Link } from "react-router-dom";
import { Title, useNotify, useTranslate } from "react-admin";
import { mainClient } from "../http";
import { AppTablePagination } from "../layout/AppTablePagination";
import { RevealAuthor } from "./RevealAuthor";
import { HighlightedText } from "../resources/HighlightField";
import { highlightOf, type ListHighlights } from "../resources/highlights";
import {
  ReasonDialog,
  StatusChip,
  downloadCsv,
  failureMessage,
  useLoad,
  useTime,
} from "./shared";

interface Question {
  id: number;
  title: string;
  status: string;
  pinned: boolean;
  openReports: number;
  statusBeforeDelete: string | null;
  tags: { id: number; name: string }[];
  author: { userId: number; userName: string; anonymous?: boolean };
  score: number;
  answerCount: number;
  createdAt: string;
  version: number;
}
const STATUSES = ["pending", "visible", "hidden", "closed", "deleted"];
const ACTIONS = [
  "approve",
  "reject",
  "hide",
  "unhide",
  "close",
  "reopen",
  "delete",
  "restore",
  "pin",
  "unpin",
] as const;
type Action = (typeof ACTIONS)[number];
const NEEDS_REASON: Action[] = ["hide", "close"];
const TAKES_REASON: Action[] = ["hide", "unhide", "close", "reopen", "reject"];

/** The actions that fit a question's state. */
function actionsFor(question: Question): Action[] {
  const byState: Record<string, Action[]> = {
    pending: ["approve", "reject"],
    visible: ["hide", "close", "delete"],
    hidden: ["unhide", "delete"],
    closed: ["reopen", "hide", "delete"],
    deleted: ["restore"],
  };
  return [
    ...(byState[question.status] ?? []),
    question.pinned ? "unpin" : "pin",
  ];
}

/** askManage (issue 15): every question in every state, and the review queue. */
export function AskManagePage() {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate("app.page_names.askManage")} />
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)}>
        <Tab label={translate("moderation.review.questions_tab")} />
        <Tab label={translate("moderation.review.tab")} />
      </Tabs>
      {tab === 0 ? <QuestionGrid /> : <ReviewQueue />}
    </Box>
  );
}

function QuestionGrid() {
  const translate = useTranslate();
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>({
    q: "",
    passage: "",
    status: "",
    tagId: "",
    author: "",
    hasOpenReports: false,
    createdFrom: "",
    createdTo: "",
  });
  const [filter, setFilter] = useState(draft);
  const [sort, setSort] = useState<[string, "ASC" | "DESC"]>([
    "createdAt",
    "DESC",
  ]);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [pending, setPending] = useState<{
    action: Action;
    ids: number[];
  } | null>(null);
  const [editing, setEditing] = useState<Question | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const tags = useLoad<{ list: { id: number; name: string }[] }>(
    "ask/admin/tags",
    {
      range: "[0,99]",
    },
  );
  const { data, reload } = useLoad<{
    list: Question[];
    total: number;
    highlights?: ListHighlights;
  }>("ask/admin/questions", {
    filter: JSON.stringify(apiFilterOf(filter)),
    sort: JSON.stringify(sort),
    range: JSON.stringify([page * 25, page * 25 + 24]),
  });
  const list = data?.list ?? [];

  const run = async (action: Action, ids: number[], reason: string) => {
    await sendAction(list, action, ids, reason);
    notify("moderation.done", { type: "success" });
    setSelected([]);
    await reload();
  };
  const start = (action: Action, ids: number[]) => {
    if (TAKES_REASON.includes(action)) setPending({ action, ids });
    else
      run(action, ids, "").catch(() => {
        /* the client showed the server's message */
      });
  };
  const sortBy = (field: string) =>
    setSort(([current, order]) => [
      field,
      current === field && order === "DESC" ? "ASC" : "DESC",
    ]);

  return (
    <Box sx={{ minWidth: 0 }}>
      <QuestionFilters
        draft={draft}
        setDraft={setDraft}
        tags={tags.data?.list ?? []}
        onSearch={() => {
          setPage(0);
          setFilter(draft);
        }}
        onExport={() => exportQuestions(list, translate)}
      />
      {selected.length > 0 ? (
        <SelectionBar
          count={selected.length}
          onAction={(action) => start(action, selected)}
        />
      ) : null}
      <Box
        sx={{ overflowX: "auto" }}
        tabIndex={0}
        role="region"
        aria-label={translate("app.page_names.askManage")}
      >
        <Table size="small">
          <QuestionTableHead
            allSelected={list.length > 0 && selected.length === list.length}
            onSelectAll={(checked) =>
              setSelected(checked ? list.map((q) => q.id) : [])
            }
            sort={sort}
            sortBy={sortBy}
          />
          <TableBody>
            {list.map((question) => (
              <QuestionRow
                key={question.id}
                question={question}
                highlights={data}
                selected={selected.includes(question.id)}
                onSelect={(checked) =>
                  setSelected((ids) =>
                    checked
                      ? [...ids, question.id]
                      : ids.filter((id) => id !== question.id),
                  )
                }
                onAction={(action) => start(action, [question.id])}
                onEdit={() => setEditing(question)}
                onHistory={() => setHistory(question.id)}
              />
            ))}
          </TableBody>
        </Table>
        {list.length === 0 ? <p>{translate("moderation.empty")}</p> : null}
      </Box>
      <AppTablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={25}
        rowsPerPageOptions={[25]}
        onPageChange={(_, value: number) => setPage(value)}
      />
      <ReasonDialog
        open={pending !== null}
        title={pending ? translate(`moderation.action.${pending.action}`) : ""}
        required={pending ? NEEDS_REASON.includes(pending.action) : false}
        onClose={() => setPending(null)}
        onConfirm={(reason) => run(pending!.action, pending!.ids, reason)}
      />
      {editing ? (
        <EditDialog
          question={editing}
          tags={tags.data?.list ?? []}
          onClose={() => setEditing(null)}
          onSaved={reload}
        />
      ) : null}
      {history !== null ? (
        <HistoryDialog id={history} onClose={() => setHistory(null)} />
      ) : null}
    </Box>
  );
}

function EditDialog({
  question,
  tags,
  onClose,
  onSaved,
}: {
  question: Question;
  tags: { id: number; name: string }[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const translate = useTranslate();
  const [title, setTitle] = useState(question.title);
  const [tagIds, setTagIds] = useState(question.tags.map((tag) => tag.id));
  const [error, setError] = useState<string | null>(null);
  const problem =
    title.trim().length < 5 || title.trim().length > 150
      ? translate("moderation.error.range", { min: 5, max: 150 })
      : tagIds.length === 0
        ? translate("moderation.error.required")
        : null;
  const save = async () => {
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await mainClient.put(`ask/admin/questions/${question.id}`, {
        version: question.version,
        title: title.trim(),
        tagIds,
      });
      await onSaved();
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate("moderation.action.edit")}</DialogTitle>
      <DialogContent>
        <TextField
          fullWidth
          margin="dense"
          required
          label={translate("moderation.field.title")}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(error)}
          helperText={error ?? " "}
        />
        <TextField
          select
          fullWidth
          margin="dense"
          label={translate("moderation.field.tags")}
          SelectProps={{ multiple: true }}
          value={tagIds}
          onChange={(event) =>
            setTagIds((event.target.value as unknown as number[]).slice(0, 5))
          }
        >
          {tags.map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              {tag.name}
            </MenuItem>
          ))}
        </TextField>
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

function HistoryDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const time = useTime();
  const { data } = useLoad<{
    list: {
      id: number;
      targetType: string;
      action: string;
      reason: string | null;
      moderator: string | null;
      createdAt: string;
    }[];
  }>(`ask/admin/questions/${id}/history`);
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

interface ReviewItem {
  id: string;
  targetType: "question" | "answer";
  targetId: number;
  questionId: number;
  title: string;
  excerpt: string;
  pendingReason: string | null;
  author: { userName: string };
  createdAt: string;
  version: number;
}

function ReviewQueue() {
  const translate = useTranslate();
  const time = useTime();
  const [page, setPage] = useState(0);
  const { data, reload } = useLoad<{ list: ReviewItem[]; total: number }>(
    "ask/admin/review",
    {
      range: JSON.stringify([page * 25, page * 25 + 24]),
    },
  );
  const decide = async (item: ReviewItem, approve: boolean) => {
    try {
      await mainClient.put(
        item.targetType === "question"
          ? `ask/admin/questions/${item.targetId}`
          : `ask/admin/answers/${item.targetId}`,
        { version: item.version, status: approve ? "visible" : "deleted" },
      );
    } catch {
      /* the client showed the server's message */
    }
    await reload();
  };
  const why = (reason: string | null) =>
    reason?.startsWith("word:")
      ? translate("moderation.review.word", { word: reason.slice(5) })
      : translate("moderation.review.preModeration");
  return (
    <Box sx={{ mt: 2 }}>
      <p>
        {translate("moderation.review.pending_count", {
          count: data?.total ?? 0,
        })}
      </p>
      {data?.list.length === 0 ? (
        <p>{translate("moderation.review.empty")}</p>
      ) : null}
      <List>
        {(data?.list ?? []).map((item) => (
          <ListItem
            key={item.id}
            divider
            data-review-item={item.id}
            sx={{ flexWrap: "wrap" }}
          >
            <ListItemText
              primary={`${translate(`moderation.report.${item.targetType}`)} · ${item.title}`}
              secondary={`${time(item.createdAt)} · ${item.author.userName} · ${why(item.pendingReason)} — ${item.excerpt}`}
            />
            <Stack direction="row" gap={1}>
              <Button
                variant="contained"
                size="small"
                onClick={() => decide(item, true)}
              >
                {translate("moderation.action.approve")}
              </Button>
              <Button
                size="small"
                color="error"
                onClick={() => decide(item, false)}
              >
                {translate("moderation.action.reject")}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
      <AppTablePagination
        component="div"
        count={data?.total ?? 0}
        page={page}
        rowsPerPage={25}
        rowsPerPageOptions={[25]}
        onPageChange={(_, value: number) => setPage(value)}
      />
    </Box>
  );
}

type Draft = {
  q: string;
  passage: string;
  status: string;
  tagId: string;
  author: string;
  hasOpenReports: boolean;
  createdFrom: string;
  createdTo: string;
};

/** The question list's search form: keyword, passage, status, tag, author, dates. */
function QuestionFilters({
  draft,
  setDraft,
  tags,
  onSearch,
  onExport,
}: {
  draft: Draft;
  setDraft(draft: Draft): void;
  tags: { id: number; name: string }[];
  onSearch(): void;
  onExport(): void;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
      sx={{ display: "flex", flexWrap: "wrap", gap: 1, my: 2 }}
    >
      <TextField
        size="small"
        label={translate("moderation.field.keyword")}
        value={draft.q}
        inputProps={{ maxLength: 200 }}
        onChange={(event) => setDraft({ ...draft, q: event.target.value })}
      />
      <TextField
        size="small"
        label={translate("moderation.field.passage")}
        value={draft.passage}
        inputProps={{ maxLength: 100 }}
        onChange={(event) =>
          setDraft({ ...draft, passage: event.target.value })
        }
      />
      <TextField
        select
        size="small"
        sx={{ minWidth: 120 }}
        label={translate("moderation.field.status")}
        value={draft.status}
        onChange={(event) => setDraft({ ...draft, status: event.target.value })}
      >
        <MenuItem value="">{translate("moderation.field.all")}</MenuItem>
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {translate(`moderation.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        sx={{ minWidth: 120 }}
        label={translate("moderation.field.tags")}
        value={draft.tagId}
        onChange={(event) => setDraft({ ...draft, tagId: event.target.value })}
      >
        <MenuItem value="">{translate("moderation.field.all")}</MenuItem>
        {tags.map((tag) => (
          <MenuItem key={tag.id} value={String(tag.id)}>
            {tag.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={translate("moderation.field.author")}
        value={draft.author}
        inputProps={{ maxLength: 64 }}
        onChange={(event) => setDraft({ ...draft, author: event.target.value })}
      />
      <TextField
        size="small"
        type="date"
        label={translate("moderation.field.from")}
        InputLabelProps={{ shrink: true }}
        value={draft.createdFrom}
        onChange={(event) =>
          setDraft({ ...draft, createdFrom: event.target.value })
        }
      />
      <TextField
        size="small"
        type="date"
        label={translate("moderation.field.to")}
        InputLabelProps={{ shrink: true }}
        value={draft.createdTo}
        onChange={(event) =>
          setDraft({ ...draft, createdTo: event.target.value })
        }
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={draft.hasOpenReports}
            onChange={(event) =>
              setDraft({ ...draft, hasOpenReports: event.target.checked })
            }
          />
        }
        label={translate("moderation.field.hasOpenReports")}
      />
      <Button type="submit" variant="contained">
        {translate("moderation.action.search")}
      </Button>
      <Button onClick={onExport}>
        {translate("moderation.action.export")}
      </Button>
    </Box>
  );
}

/** The rows on screen as a CSV file, in the reader's language. */
function exportQuestions(
  list: Question[],
  translate: ReturnType<typeof useTranslate>,
) {
  downloadCsv(
    "askManage",
    [
      "id",
      "title",
      "status",
      "author",
      "tags",
      "reports",
      "pinned",
      "createdAt",
    ].map((field) =>
      field === "id" ? "ID" : translate(`moderation.field.${field}`),
    ),
    list.map((q) => [
      q.id,
      q.title,
      translate(`moderation.status.${q.status}`),
      q.author.userName,
      q.tags.map((tag) => tag.name).join(" "),
      q.openReports,
      q.pinned ? "✓" : "",
      q.createdAt,
    ]),
  );
}

/** One question: its selection box, title with the keyword's matches, state and actions. */
function QuestionRow({
  question,
  highlights,
  selected,
  onSelect,
  onAction,
  onEdit,
  onHistory,
}: {
  question: Question;
  highlights: { highlights?: ListHighlights } | null | undefined;
  selected: boolean;
  onSelect(checked: boolean): void;
  onAction(action: Action): void;
  onEdit(): void;
  onHistory(): void;
}) {
  const translate = useTranslate();
  const time = useTime();
  return (
    <TableRow data-question-id={question.id}>
      <TableCell padding="checkbox">
        <Checkbox
          inputProps={{ "aria-label": question.title }}
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
        />
      </TableCell>
      <TableCell>
        <Link to={`/admin/topicDetailManage?id=${question.id}`}>
          {question.pinned ? "📌 " : ""}
          {highlightOf(highlights, question.id, "title") ? (
            <HighlightedText
              parts={highlightOf(highlights, question.id, "title")!}
            />
          ) : (
            question.title
          )}
        </Link>
        {highlightOf(highlights, question.id, "body") ? (
          <Typography
            component="div"
            variant="caption"
            color="text.secondary"
            data-snippet="body"
          >
            <HighlightedText
              parts={highlightOf(highlights, question.id, "body")!}
            />
          </Typography>
        ) : null}
        <div>{question.tags.map((tag) => tag.name).join(" · ")}</div>
      </TableCell>
      <TableCell>
        <StatusChip status={question.status} />
      </TableCell>
      <TableCell>
        <RevealAuthor
          kind="questions"
          id={question.id}
          author={question.author}
        />
      </TableCell>
      <TableCell>{question.openReports}</TableCell>
      <TableCell>{question.answerCount}</TableCell>
      <TableCell>{time(question.createdAt)}</TableCell>
      <TableCell>
        <Stack direction="row" flexWrap="wrap" gap={0.5}>
          {actionsFor(question).map((action) => (
            <Button key={action} size="small" onClick={() => onAction(action)}>
              {translate(`moderation.action.${action}`)}
            </Button>
          ))}
          <Button size="small" onClick={onEdit}>
            {translate("moderation.action.edit")}
          </Button>
          <Button size="small" onClick={onHistory}>
            {translate("moderation.action.history")}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** What can be done to the selected questions at once. */
function SelectionBar({
  count,
  onAction,
}: {
  count: number;
  onAction(action: Action): void;
}) {
  const translate = useTranslate();
  return (
    <Stack
      direction="row"
      flexWrap="wrap"
      gap={1}
      alignItems="center"
      sx={{ mb: 1 }}
      aria-label={translate("moderation.field.selected", {
        count: count,
      })}
      role="toolbar"
    >
      <span>{translate("moderation.field.selected", { count: count })}</span>
      {ACTIONS.map((action) => (
        <Button
          key={action}
          size="small"
          variant="outlined"
          onClick={() => onAction(action)}
        >
          {translate(`moderation.action.${action}`)}
        </Button>
      ))}
    </Stack>
  );
}

/** The list's header: select all, and the sortable columns. */
function QuestionTableHead({
  allSelected,
  onSelectAll,
  sort,
  sortBy,
}: {
  allSelected: boolean;
  onSelectAll(checked: boolean): void;
  sort: [string, "ASC" | "DESC"];
  sortBy(field: string): void;
}) {
  const translate = useTranslate();
  return (
    <TableHead>
      <TableRow>
        <TableCell padding="checkbox">
          <Checkbox
            inputProps={{
              "aria-label": translate("moderation.field.all"),
            }}
            checked={allSelected}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
        </TableCell>
        <TableCell>{translate("moderation.field.title")}</TableCell>
        <TableCell>{translate("moderation.field.status")}</TableCell>
        <TableCell>{translate("moderation.field.author")}</TableCell>
        <TableCell>{translate("moderation.field.reports")}</TableCell>
        <TableCell>
          <TableSortLabel
            active={sort[0] === "answerCount"}
            direction={sort[1] === "ASC" ? "asc" : "desc"}
            onClick={() => sortBy("answerCount")}
          >
            {translate("moderation.field.answerCount")}
          </TableSortLabel>
        </TableCell>
        <TableCell>
          <TableSortLabel
            active={sort[0] === "createdAt"}
            direction={sort[1] === "ASC" ? "asc" : "desc"}
            onClick={() => sortBy("createdAt")}
          >
            {translate("moderation.field.createdAt")}
          </TableSortLabel>
        </TableCell>
        <TableCell />
      </TableRow>
    </TableHead>
  );
}

/** The list's filter as the API reads it: empty fields left out. */
function apiFilterOf(filter: Draft) {
  return Object.fromEntries(
    Object.entries({
      q: filter.q || undefined,
      passage: filter.passage.trim() || undefined,
      status: filter.status || undefined,
      tagId: filter.tagId ? Number(filter.tagId) : undefined,
      author: filter.author || undefined,
      hasOpenReports: filter.hasOpenReports || undefined,
      createdFrom: filter.createdFrom || undefined,
      createdTo: filter.createdTo || undefined,
    }).filter(([, value]) => value !== undefined),
  );
}

/** One moderation action: one question by its own version, or many in one batch. */
async function sendAction(
  list: Question[],
  action: Action,
  ids: number[],
  reason: string,
) {
  if (ids.length === 1) {
    const question = list.find((q) => q.id === ids[0])!;
    const status = {
      approve: "visible",
      unhide: "visible",
      reopen: "visible",
      reject: "deleted",
      delete: "deleted",
      hide: "hidden",
      close: "closed",
      restore: question.statusBeforeDelete ?? "visible",
    }[action as string];
    await mainClient.put(`ask/admin/questions/${question.id}`, {
      version: question.version,
      ...(status ? { status } : { pinned: action === "pin" }),
      ...(reason ? { reason } : {}),
    });
  } else {
    await mainClient.post("ask/admin/questions/batch", {
      action,
      ids,
      ...(reason ? { reason } : {}),
    });
  }
}

import { useState } from "react";
import {
  Box,
  Button,
  Card,
  CardContent,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from "@mui/material";
import { Link } from "react-router-dom";
import { Title, useNotify, useTranslate } from "react-admin";
import { mainClient } from "../http";
import { AppTablePagination } from "../layout/AppTablePagination";
import { DURATIONS, untilOf, useLoad, useTime, type Duration } from "./shared";

interface Group {
  id: string;
  targetType: "question" | "answer" | "user";
  targetId: number;
  questionId: number | null;
  preview: string;
  targetStatus: string | null;
  authorName: string | null;
  count: number;
  reasons: Record<string, number>;
  reporters: {
    userId: number;
    userName: string;
    reason: string;
    text: string;
  }[];
  resolution: string | null;
  resolutionNote: string | null;
  handledBy: string | null;
  handledAt: string | null;
  lastAt: string;
}

/** askComplaintManage (issue 15): reports grouped by target; resolve; handled stay searchable. */
export function AskComplaintPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const time = useTime();
  const [status, setStatus] = useState<"open" | "handled">("open");
  const [q, setQ] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [durations, setDurations] = useState<Record<string, Duration>>({});
  const { data, reload } = useLoad<{ list: Group[]; total: number }>(
    "ask/admin/reports",
    {
      filter: JSON.stringify({ status, ...(search ? { q: search } : {}) }),
      range: JSON.stringify([page * 25, page * 25 + 24]),
    },
  );
  const resolve = async (
    group: Group,
    resolution: "dismiss" | "hide" | "mute",
  ) => {
    try {
      await mainClient.post("ask/admin/reports/resolve", {
        targetType: group.targetType,
        targetId: group.targetId,
        resolution,
        ...(resolution === "mute"
          ? { until: untilOf(durations[group.id] ?? "d1") }
          : {}),
      });
      notify("moderation.done", { type: "success" });
    } catch {
      /* the client showed the server's message */
    }
    await reload();
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate("app.page_names.askComplaintManage")} />
      <Tabs
        value={status}
        onChange={(_, value: "open" | "handled") => {
          setStatus(value);
          setPage(0);
        }}
      >
        <Tab value="open" label={translate("moderation.report.open")} />
        <Tab value="handled" label={translate("moderation.report.handled")} />
      </Tabs>
      <Stack
        direction="row"
        gap={1}
        component="form"
        role="search"
        sx={{ my: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          setPage(0);
          setSearch(q.trim());
        }}
      >
        <TextField
          size="small"
          label={translate("moderation.field.keyword")}
          value={q}
          inputProps={{ maxLength: 200 }}
          onChange={(event) => setQ(event.target.value)}
        />
        <Button type="submit" variant="outlined">
          {translate("moderation.action.search")}
        </Button>
      </Stack>
      {data?.list.length === 0 ? (
        <p>{translate("moderation.report.empty")}</p>
      ) : null}
      <Stack gap={1}>
        {(data?.list ?? []).map((group) => (
          <Card key={group.id} variant="outlined" data-report-group={group.id}>
            <CardContent>
              <Typography variant="subtitle2" component="h2">
                {translate(`moderation.report.${group.targetType}`)} ·{" "}
                {group.questionId ? (
                  <Link to={`/admin/topicDetailManage?id=${group.questionId}`}>
                    {group.preview}
                  </Link>
                ) : (
                  group.preview
                )}
              </Typography>
              <Typography variant="body2">
                {translate("moderation.field.author")}: {group.authorName} ·{" "}
                {translate("moderation.field.count")}: {group.count} ·{" "}
                {translate("moderation.field.reasons")}:{" "}
                {Object.entries(group.reasons)
                  .map(
                    ([reason, count]) =>
                      `${translate(`moderation.report.${reason}`)} × ${count}`,
                  )
                  .join(", ")}
              </Typography>
              <Typography variant="body2">
                {translate("moderation.field.reporters")}:{" "}
                {group.reporters
                  .map((r) =>
                    r.text ? `${r.userName} (${r.text})` : r.userName,
                  )
                  .join(", ")}
              </Typography>
              {status === "handled" ? (
                <Typography variant="body2">
                  {translate("moderation.field.resolution")}:{" "}
                  {translate(
                    `moderation.action.${group.resolution === "mute" ? "mute" : group.resolution === "hide" ? "hide" : "dismiss"}`,
                  )}
                  {group.resolutionNote ? ` — ${group.resolutionNote}` : ""} ·{" "}
                  {translate("moderation.field.moderator")}: {group.handledBy} ·{" "}
                  {time(group.handledAt)}
                </Typography>
              ) : (
                <ResolveActions
                  group={group}
                  duration={durations[group.id] ?? "d1"}
                  onDuration={(value) =>
                    setDurations({ ...durations, [group.id]: value })
                  }
                  onResolve={(resolution) => resolve(group, resolution)}
                />
              )}
            </CardContent>
          </Card>
        ))}
      </Stack>
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

/** An open report's actions: dismiss, hide the post, or mute its author for a time. */
function ResolveActions({
  group,
  duration,
  onDuration,
  onResolve,
}: {
  group: Group;
  duration: Duration;
  onDuration(value: Duration): void;
  onResolve(resolution: "dismiss" | "hide" | "mute"): void;
}) {
  const translate = useTranslate();
  return (
    <Stack
      direction="row"
      gap={1}
      flexWrap="wrap"
      sx={{ mt: 1 }}
      alignItems="center"
    >
      <Button size="small" onClick={() => onResolve("dismiss")}>
        {translate("moderation.action.dismiss")}
      </Button>
      {group.targetType !== "user" ? (
        <Button size="small" color="warning" onClick={() => onResolve("hide")}>
          {translate("moderation.action.hide")}
        </Button>
      ) : null}
      <TextField
        select
        size="small"
        label={translate("moderation.report.mute_for")}
        value={duration}
        onChange={(event) => onDuration(event.target.value as Duration)}
      >
        {DURATIONS.map((value) => (
          <MenuItem key={value} value={value}>
            {translate(`moderation.duration.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button size="small" color="error" onClick={() => onResolve("mute")}>
        {translate("moderation.action.mute")}
      </Button>
    </Stack>
  );
}

import { useState } from "react";
import {
  Button,
  Card,
  CardContent,
  Stack,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { Link } from "react-router-dom";
import {
  List,
  Pagination,
  SearchInput,
  useCanAccess,
  useListContext,
  useNotify,
  useRefresh,
  useTranslate,
} from "react-admin";
import { mainClient } from "../../http";
import { DurationSelect } from "../askShared/MuteDialog";
import {
  ReasonDialog,
  untilOf,
  useTime,
  type Duration,
} from "../askShared/shared";

export const RESOURCE = "admin/askComplaintManage";

export interface ReportGroup {
  id: string;
  targetType: "question" | "answer" | "user";
  targetId: number;
  questionId: number | null;
  preview: string;
  targetStatus: string | null;
  authorName: string | null;
  count: number;
  reasons: Record<string, number>;
  reporters: { userId: number; userName: string; text: string }[];
  resolution: string | null;
  resolutionNote: string | null;
  handledBy: string | null;
  handledAt: string | null;
}

type Resolution = "dismiss" | "hide" | "mute";

/** The reported post's page: the question, scrolled to the answer when it is one. */
export function reportedPostPath(group: ReportGroup): string | null {
  if (!group.questionId) return null;
  const at = group.targetType === "answer" ? `#answer-${group.targetId}` : "";
  return `/admin/topicDetailManage?id=${group.questionId}${at}`;
}

/** An open report's actions: dismiss, hide the post (with a reason), mute its author. */
function ResolveActions({ group }: { group: ReportGroup }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [duration, setDuration] = useState<Duration>("d1");
  const [hiding, setHiding] = useState(false);
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource: RESOURCE, action: "edit" });
  if (!canAccess) return null;
  const resolve = async (resolution: Resolution, note = "") => {
    setBusy(true);
    try {
      await mainClient.post("ask/admin/reports/resolve", {
        targetType: group.targetType,
        targetId: group.targetId,
        resolution,
        note,
        ...(resolution === "mute" ? { until: untilOf(duration) } : {}),
      });
      notify("moderation.done", { type: "success" });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const quietly = (resolution: Resolution) => () =>
    resolve(resolution).catch(() => {
      /* the client showed the server's message */
    });
  return (
    <Stack direction="row" gap={1} flexWrap="wrap" sx={{ mt: 1 }}>
      <Button size="small" disabled={busy} onClick={quietly("dismiss")}>
        {translate("moderation.action.dismiss")}
      </Button>
      {group.targetType !== "user" ? (
        <Button
          size="small"
          color="warning"
          disabled={busy}
          onClick={() => setHiding(true)}
        >
          {translate("moderation.action.hide")}
        </Button>
      ) : null}
      <DurationSelect
        size="small"
        label={translate("moderation.report.mute_for")}
        value={duration}
        onChange={setDuration}
      />
      <Button
        size="small"
        color="error"
        disabled={busy}
        onClick={quietly("mute")}
      >
        {translate("moderation.action.mute")}
      </Button>
      <ReasonDialog
        title={translate("moderation.report.hide_title")}
        required
        open={hiding}
        onClose={() => setHiding(false)}
        onConfirm={(reason) => resolve("hide", reason)}
      />
    </Stack>
  );
}

/** One reported post: what it is, who reported it and why, and what was done. */
function ReportCard({ group }: { group: ReportGroup }) {
  const translate = useTranslate();
  const time = useTime();
  const path = reportedPostPath(group);
  return (
    <Card variant="outlined" data-report-group={group.id}>
      <CardContent>
        <Typography variant="subtitle2" component="h2">
          {translate(`moderation.report.${group.targetType}`)} ·{" "}
          {path ? <Link to={path}>{group.preview}</Link> : group.preview}
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
            .map((r) => (r.text ? `${r.userName} (${r.text})` : r.userName))
            .join(", ")}
        </Typography>
        {group.resolution ? (
          <Typography variant="body2">
            {translate("moderation.field.resolution")}:{" "}
            {translate(
              `moderation.action.${group.resolution === "mute" || group.resolution === "hide" ? group.resolution : "dismiss"}`,
            )}
            {group.resolutionNote ? ` — ${group.resolutionNote}` : ""} ·{" "}
            {translate("moderation.field.moderator")}: {group.handledBy} ·{" "}
            {time(group.handledAt)}
          </Typography>
        ) : (
          <ResolveActions group={group} />
        )}
      </CardContent>
    </Card>
  );
}

/** The open / handled tabs: the list's `status` filter. */
function StatusTabs() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const status = (filterValues.status as string | undefined) ?? "open";
  return (
    <Tabs
      value={status}
      onChange={(_, value: string) =>
        setFilters({ ...filterValues, status: value })
      }
    >
      <Tab value="open" label={translate("moderation.report.open")} />
      <Tab value="handled" label={translate("moderation.report.handled")} />
    </Tabs>
  );
}

function ReportCards() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<ReportGroup>();
  if (isPending) return null;
  return (
    <Stack gap={1} sx={{ p: { xs: 1, sm: 2 } }}>
      {data?.length === 0 ? (
        <Typography>{translate("moderation.report.empty")}</Typography>
      ) : null}
      {data?.map((group) => (
        <ReportCard key={group.id} group={group} />
      ))}
    </Stack>
  );
}

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** askComplaintManage: reports grouped by post; resolve; handled ones stay searchable. */
export function AskComplaintList() {
  return (
    <List
      resource={RESOURCE}
      filters={filters}
      filterDefaultValues={{ status: "open" }}
      sort={{ field: "lastAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={false}
      pagination={<Pagination rowsPerPageOptions={[25]} />}
      empty={false}
    >
      <StatusTabs />
      <ReportCards />
    </List>
  );
}

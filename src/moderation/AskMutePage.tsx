import { useState } from "react";
import {
  Box,
  Button,
  FormControlLabel,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from "@mui/material";
import { Title, useNotify, useTranslate } from "react-admin";
import { mainClient } from "../http";
import { AppTablePagination } from "../layout/AppTablePagination";
import { MuteDialog } from "./TopicDetailManagePage";
import { downloadCsv, useLoad, useTime } from "./shared";

interface Mute {
  id: number;
  userId: number;
  userName: string;
  reason: string;
  until: string | null;
  active: boolean;
  createdBy: string | null;
  createdAt: string;
  liftedAt: string | null;
}

/** askKeepSilenceManage (issue 15): mutes, mute a member, lift a mute. */
export function AskMutePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const time = useTime();
  const [activeOnly, setActiveOnly] = useState(true);
  const [q, setQ] = useState("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(0);
  const [memberId, setMemberId] = useState("");
  const [memberError, setMemberError] = useState<string | null>(null);
  const [muting, setMuting] = useState<number | null>(null);
  const { data, reload } = useLoad<{ list: Mute[]; total: number }>(
    "ask/admin/mutes",
    {
      filter: JSON.stringify({
        ...(activeOnly ? { active: true } : {}),
        ...(search ? { q: search } : {}),
      }),
      range: JSON.stringify([page * 25, page * 25 + 24]),
    },
  );
  const list = data?.list ?? [];
  const lift = async (mute: Mute) => {
    try {
      await mainClient.delete(`ask/admin/mutes/${mute.id}`);
      notify("moderation.done", { type: "success" });
    } catch {
      /* the client showed the server's message */
    }
    await reload();
  };
  const until = (mute: Mute) =>
    mute.until ? time(mute.until) : translate("moderation.field.permanent");
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <Title title={translate("app.page_names.askKeepSilenceManage")} />
      <Stack
        direction="row"
        gap={1}
        flexWrap="wrap"
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
          label={translate("moderation.field.member")}
          value={q}
          inputProps={{ maxLength: 64 }}
          onChange={(event) => setQ(event.target.value)}
        />
        <FormControlLabel
          control={
            <Switch
              checked={activeOnly}
              onChange={(event) => setActiveOnly(event.target.checked)}
            />
          }
          label={translate("moderation.field.active")}
        />
        <Button type="submit" variant="outlined">
          {translate("moderation.action.search")}
        </Button>
        <Button
          onClick={() =>
            downloadCsv(
              "askKeepSilenceManage",
              [
                "member",
                "reason",
                "until",
                "moderator",
                "createdAt",
                "liftedAt",
              ].map((f) => translate(`moderation.field.${f}`)),
              list.map((m) => [
                m.userName,
                m.reason,
                until(m),
                m.createdBy,
                m.createdAt,
                m.liftedAt,
              ]),
            )
          }
        >
          {translate("moderation.action.export")}
        </Button>
      </Stack>
      <Stack
        direction="row"
        gap={1}
        component="form"
        sx={{ mb: 2 }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const id = Number(memberId);
          if (!Number.isInteger(id) || id <= 0)
            return setMemberError(translate("moderation.error.required"));
          setMemberError(null);
          setMuting(id);
        }}
      >
        <TextField
          size="small"
          type="number"
          label={translate("moderation.field.memberId")}
          value={memberId}
          onChange={(event) => setMemberId(event.target.value)}
          error={Boolean(memberError)}
          helperText={memberError ?? " "}
        />
        <Button type="submit" variant="contained" color="warning">
          {translate("moderation.action.mute")}
        </Button>
      </Stack>
      <Box
        sx={{ overflowX: "auto" }}
        tabIndex={0}
        role="region"
        aria-label={translate("app.page_names.askKeepSilenceManage")}
      >
        <MuteTable list={list} until={until} onLift={lift} />
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
      {muting !== null ? (
        <MuteDialog
          userId={muting}
          userName={`#${muting}`}
          onClose={() => setMuting(null)}
          onDone={reload}
        />
      ) : null}
    </Box>
  );
}

/** The mutes, each with its lift button while it holds. */
function MuteTable({
  list,
  until,
  onLift,
}: {
  list: Mute[];
  until(mute: Mute): string;
  onLift(mute: Mute): void;
}) {
  const translate = useTranslate();
  const time = useTime();
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {[
            "member",
            "reason",
            "until",
            "moderator",
            "createdAt",
            "active",
          ].map((f) => (
            <TableCell key={f}>{translate(`moderation.field.${f}`)}</TableCell>
          ))}
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {list.map((mute) => (
          <TableRow key={mute.id} data-mute-id={mute.id}>
            <TableCell>{mute.userName}</TableCell>
            <TableCell>{mute.reason}</TableCell>
            <TableCell>{until(mute)}</TableCell>
            <TableCell>{mute.createdBy}</TableCell>
            <TableCell>{time(mute.createdAt)}</TableCell>
            <TableCell>
              {mute.active
                ? "✓"
                : mute.liftedAt
                  ? `${translate("moderation.field.liftedAt")} ${time(mute.liftedAt)}`
                  : ""}
            </TableCell>
            <TableCell>
              {mute.active ? (
                <Button size="small" onClick={() => onLift(mute)}>
                  {translate("moderation.action.lift")}
                </Button>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

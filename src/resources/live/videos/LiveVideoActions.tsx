import { useState, type ReactElement } from "react";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import SensorsIcon from "@mui/icons-material/Sensors";
import StopCircleIcon from "@mui/icons-material/StopCircle";
import CancelIcon from "@mui/icons-material/Cancel";
import EventIcon from "@mui/icons-material/Event";
import RecordVoiceOverIcon from "@mui/icons-material/RecordVoiceOver";
import {
  Button,
  Confirm,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from "react-admin";
import { useNavigate } from "react-router-dom";
import {
  LIVE_VIDEO_MOVES,
  type LiveVideo,
  type LiveVideoStatus,
} from "../../../../common/schemas/live";
import { mainClient } from "../../../http";

const RESOURCE = "admin/liveVideoManage";

const MOVES: {
  to: LiveVideoStatus;
  label: string;
  done: string;
  icon: ReactElement;
  confirm?: boolean;
}[] = [
  {
    to: "live",
    label: "live.actions.go_live",
    done: "live.actions.done_live",
    icon: <SensorsIcon />,
  },
  {
    to: "ended",
    label: "live.actions.end",
    done: "live.actions.done_end",
    icon: <StopCircleIcon />,
    confirm: true,
  },
  {
    to: "cancelled",
    label: "live.actions.cancel",
    done: "live.actions.done_cancel",
    icon: <CancelIcon />,
    confirm: true,
  },
  {
    to: "scheduled",
    label: "live.actions.reschedule",
    done: "live.actions.done_reschedule",
    icon: <EventIcon />,
  },
];

/**
 * The moves the video may make now (go live, end, cancel, schedule again), each sent with
 * the version read, and "create draft sermon" once it ended with a replay: the server
 * makes the sermon (or answers the one made before) and the sermon's page opens.
 */
export function LiveVideoActions() {
  const video = useRecordContext<LiveVideo>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<(typeof MOVES)[number] | null>(null);
  const { canAccess: canUpdate } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  const { canAccess: canCreateSermon } = useCanAccess({
    resource: "admin/sermonManage",
    action: "create",
  });
  if (!video || !canUpdate) return null;

  const move = async (to: LiveVideoStatus, done: string) => {
    setPending(null);
    setBusy(true);
    try {
      await mainClient.put(`/live-videos/${video.id}`, {
        status: to,
        version: video.version,
      });
      notify(done, { type: "info" });
      refresh();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const sermon = async () => {
    setBusy(true);
    try {
      const answer = await mainClient.post<{
        sermonId: number;
        created: boolean;
      }>(`/live-videos/${video.id}/sermon`);
      notify(
        answer.data.created
          ? "live.actions.sermon_created"
          : "live.actions.sermon_exists",
        { type: "info" },
      );
      navigate(`/admin/sermonManage/${answer.data.sermonId}`);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const allowed = MOVES.filter(({ to }) =>
    LIVE_VIDEO_MOVES[video.status].includes(to),
  );
  const hasReplay = video.replayFileId !== null || video.replayUrl !== null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: "wrap", alignItems: "center", p: 2 }}
    >
      {allowed.map((item) => (
        <Button
          key={item.to}
          label={item.label}
          variant={item.to === "live" ? "contained" : "outlined"}
          disabled={busy}
          onClick={() =>
            item.confirm ? setPending(item) : void move(item.to, item.done)
          }
        >
          {item.icon}
        </Button>
      ))}
      {video.status === "ended" && canCreateSermon ? (
        <>
          <Button
            label={
              video.sermonId
                ? "live.actions.open_sermon"
                : "live.actions.sermon"
            }
            variant="contained"
            disabled={busy || !hasReplay}
            onClick={() => void sermon()}
          >
            <RecordVoiceOverIcon />
          </Button>
          {hasReplay ? null : (
            <Typography variant="body2" color="text.secondary">
              {translate("live.actions.needs_replay")}
            </Typography>
          )}
        </>
      ) : null}
      <Confirm
        isOpen={pending !== null}
        title={pending?.label ?? ""}
        content={pending?.label ?? ""}
        onConfirm={() => pending && void move(pending.to, pending.done)}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

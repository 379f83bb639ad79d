import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import PauseIcon from "@mui/icons-material/Pause";
import ReplayIcon from "@mui/icons-material/Replay";
import HistoryIcon from "@mui/icons-material/History";
import { Button, useCanAccess, useRecordContext } from "react-admin";
import { Link } from "react-router-dom";
import Stack from "@mui/material/Stack";
import type { Job } from "../../../common/schemas/job";
import { mainClient } from "../../http";
import { useServerAction } from "../../kit/useServerAction";

const RESOURCE = "admin/system/jobManage";

/** Run now, pause or resume, and the job's logs, on each row. */
export function JobRowActions() {
  const job = useRecordContext<Job>();
  const { busy, run: act } = useServerAction();
  const { canAccess: canUpdate } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  // Running is its own permission (job:run), not covered by react-admin's actions.
  const { canAccess: canRun } = useCanAccess({
    resource: RESOURCE,
    action: "run",
  });
  if (!job) return null;

  const run = () =>
    act(async () => {
      const answer = await mainClient.post<{ status: string }>(
        `/system/jobs/${job.id}/run`,
      );
      return {
        message:
          answer.data.status === "skipped"
            ? "jobs.run_skipped"
            : "jobs.run_started",
      };
    });
  const toggle = () =>
    act(async () => {
      const status = job.status === "normal" ? "paused" : "normal";
      await mainClient.post("/system/jobs/batch", {
        action: "update",
        ids: [job.id],
        data: { status },
      });
      return {
        message: status === "paused" ? "jobs.paused_done" : "jobs.resumed_done",
      };
    });

  return (
    <Stack
      direction="row"
      spacing={0.5}
      onClick={(event) => event.stopPropagation()}
    >
      {canRun ? (
        <Button label="jobs.run" onClick={run} disabled={busy}>
          <PlayArrowIcon />
        </Button>
      ) : null}
      {canUpdate ? (
        <Button
          label={job.status === "normal" ? "jobs.pause" : "jobs.resume"}
          onClick={toggle}
          disabled={busy}
        >
          {job.status === "normal" ? <PauseIcon /> : <ReplayIcon />}
        </Button>
      ) : null}
      <Button
        label="jobs.logs"
        component={Link}
        to={`/admin/system/joblogManage?filter=${encodeURIComponent(
          JSON.stringify({ jobId: job.id }),
        )}`}
      >
        <HistoryIcon />
      </Button>
    </Stack>
  );
}

import { useState } from "react";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import {
  Button,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRefresh,
} from "react-admin";
import type { Spider } from "../../../common/schemas/spider";
import { mainClient } from "../../http";
import { SPIDER_RESOURCE } from "./SpiderList";

/** Runs a source now (spider:run), through its job; the outcome lands in its run log. */
export function SpiderRowActions() {
  const spider = useRecordContext<Spider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { canAccess: canRun } = useCanAccess({
    resource: SPIDER_RESOURCE,
    action: "run",
  });
  if (!spider || !canRun) return null;
  const run = async () => {
    setBusy(true);
    try {
      const answer = await mainClient.post<{ status: string }>(
        `/spiders/${spider.id}/run`,
      );
      notify(
        answer.data.status === "skipped"
          ? "spiders.run_skipped"
          : "spiders.run_started",
        { type: "info" },
      );
      refresh();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Button label="spiders.run" onClick={run} disabled={busy}>
        <PlayArrowIcon />
      </Button>
    </span>
  );
}

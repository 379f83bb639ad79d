import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import { Button, useCanAccess, useRecordContext } from "react-admin";
import type { Spider } from "../../../common/schemas/spider";
import { mainClient } from "../../http";
import { useServerAction } from "../../kit/useServerAction";
import { SPIDER_RESOURCE } from "./SpiderList";

/** Runs a source now (spider:run), through its job; the outcome lands in its run log. */
export function SpiderRowActions() {
  const spider = useRecordContext<Spider>();
  const { busy, run: act } = useServerAction();
  const { canAccess: canRun } = useCanAccess({
    resource: SPIDER_RESOURCE,
    action: "run",
  });
  if (!spider || !canRun) return null;
  const run = () =>
    act(async () => {
      const answer = await mainClient.post<{ status: string }>(
        `/spiders/${spider.id}/run`,
      );
      return {
        message:
          answer.data.status === "skipped"
            ? "spiders.run_skipped"
            : "spiders.run_started",
      };
    });
  return (
    <span onClick={(event) => event.stopPropagation()}>
      <Button label="spiders.run" onClick={run} disabled={busy}>
        <PlayArrowIcon />
      </Button>
    </span>
  );
}

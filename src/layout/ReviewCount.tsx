import { useEffect, useState } from "react";
import { Badge } from "@mui/material";
import { useTranslate } from "react-admin";
import { mainClient } from "../http";
import { getCachedPermissions } from "../http/session";

const REFRESH_MS = 60_000;

/**
 * The menu name of askManage with the number of posts waiting for review (issue 15),
 * for those who may read the queue; refreshed every minute.
 */
export function ReviewCountLabel({ label }: { label: string }) {
  const translate = useTranslate();
  const [count, setCount] = useState(0);
  const allowed = getCachedPermissions()?.includes("askTopic:read") ?? false;
  useEffect(() => {
    if (!allowed) return;
    let stopped = false;
    const read = () =>
      mainClient
        .get<{ count: number }>(
          "ask/admin/review/count",
          { _loading: false },
          { quiet: true },
        )
        .then((answer) => {
          if (!stopped) setCount(answer.data.count);
        })
        .catch(() => {});
    void read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [allowed]);
  if (!allowed || count === 0) return <>{label}</>;
  return (
    <span>
      {label}{" "}
      <Badge
        color="warning"
        badgeContent={count}
        max={999}
        aria-label={translate("app.menu.pending_reviews", { count })}
        sx={{ ml: 1.5 }}
      />
    </span>
  );
}

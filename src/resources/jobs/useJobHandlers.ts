import { useEffect, useState } from "react";
import type { JobHandlerInfo } from "../../../common/schemas/job";
import { mainClient } from "../../http";

let cached: Promise<JobHandlerInfo[]> | undefined;

/** The handler registry (GET /tjc/system/jobs/handlers), read once per page load. */
export function useJobHandlers(): JobHandlerInfo[] | undefined {
  const [handlers, setHandlers] = useState<JobHandlerInfo[]>();
  useEffect(() => {
    let live = true;
    cached ??= mainClient
      .get<JobHandlerInfo[]>("/system/jobs/handlers")
      .then((envelope) => envelope.data)
      .catch((error: unknown) => {
        cached = undefined; // try again on the next form
        throw error;
      });
    cached.then(
      (data) => live && setHandlers(data),
      () => live && setHandlers([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return handlers;
}

import { useState } from "react";
import { useNotify, useRefresh } from "react-admin";

/** What a finished action says: a message key, its kind, its placeholders. */
export interface ActionNotice {
  message: string;
  type?: "info" | "success";
  args?: Record<string, unknown>;
}

/**
 * A button that asks the server for something and then shows the page again (run a job
 * now, clear old logs, reset a second factor): `busy` while the call runs, and a second
 * press meanwhile does nothing; the notice the work answers; `after` (close a dialog);
 * the page refreshed. A refused call needs nothing here: the /tjc client has already
 * shown the server's message.
 */
export function useServerAction() {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<ActionNotice>, after?: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      const notice = await work();
      notify(notice.message, {
        type: notice.type ?? "info",
        messageArgs: notice.args,
      });
      after?.();
      refresh();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

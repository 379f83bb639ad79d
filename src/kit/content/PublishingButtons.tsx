import { useState, type ReactElement } from "react";
import PublishIcon from "@mui/icons-material/Publish";
import UnpublishedIcon from "@mui/icons-material/Unpublished";
import ArchiveIcon from "@mui/icons-material/Archive";
import {
  Button,
  useCanAccess,
  useListContext,
  useNotify,
  useRefresh,
  useResourceContext,
  useTranslate,
} from "react-admin";
import { mainClient } from "../../http";
import { useApiPath } from "../useApiPath";
import {
  WORKFLOW_BULK_ACTIONS,
  type WorkflowBulkAction,
} from "../../../common/schemas/workflow";

const ICONS: Record<WorkflowBulkAction, ReactElement> = {
  publish: <PublishIcon />,
  unpublish: <UnpublishedIcon />,
  archive: <ArchiveIcon />,
};

/**
 * Bulk publish, unpublish and archive of the selected rows: one call, all or none (the
 * server refuses the lot when one record cannot make the move, with its message).
 */
export function PublishingButtons() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext() ?? "";
  const apiPath = useApiPath();
  const { selectedIds, onUnselectItems } = useListContext();
  const [busy, setBusy] = useState(false);
  const { canAccess } = useCanAccess({ resource, action: "edit" });
  if (!canAccess) return null;

  const act = async (action: WorkflowBulkAction) => {
    setBusy(true);
    try {
      const answer = await mainClient.post<{ ids: number[] }>(
        `/${apiPath()}/publishing`,
        { action, ids: selectedIds },
      );
      notify("content.bulk.done", {
        type: "info",
        messageArgs: {
          action: translate(`content.bulk.${action}`),
          smart_count: answer.data.ids.length,
        },
      });
      onUnselectItems();
      refresh();
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {WORKFLOW_BULK_ACTIONS.map((action) => (
        <Button
          key={action}
          label={translate(`content.bulk.${action}`)}
          disabled={busy}
          onClick={() => void act(action)}
        >
          {ICONS[action]}
        </Button>
      ))}
    </>
  );
}

import { useState, type ReactElement } from "react";
import PublishIcon from "@mui/icons-material/Publish";
import UnpublishedIcon from "@mui/icons-material/Unpublished";
import ArchiveIcon from "@mui/icons-material/Archive";
import Chip from "@mui/material/Chip";
import {
  AutocompleteArrayInput,
  BulkDeleteButton,
  Button,
  DateTimeInput,
  ReferenceArrayInput,
  ReferenceInput,
  AutocompleteInput,
  SelectInput,
  useCanAccess,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from "react-admin";
import { useWatch } from "react-hook-form";
import {
  WORKFLOW_BULK_ACTIONS,
  WORKFLOW_STATUSES,
  type WorkflowBulkAction,
  type WorkflowStatus,
} from "../../common/schemas/workflow";
import { mainClient } from "../http";
import { apiResourceFor } from "../resources/registry";

const TAGS = "admin/tagManage";

export const statusChoices = WORKFLOW_STATUSES.map((id) => ({
  id,
  name: `content.status.${id}`,
}));

// Filled chips where colour carries meaning: their text keeps a 4.5:1 contrast (axe).
const STATUS_LOOK: Record<
  WorkflowStatus,
  { color: "default" | "success" | "primary"; variant: "filled" | "outlined" }
> = {
  draft: { color: "default", variant: "outlined" },
  published: { color: "success", variant: "filled" },
  scheduled: { color: "primary", variant: "filled" },
  archived: { color: "default", variant: "filled" },
};

/** A record's status as a chip, in the app's language. */
export function StatusField() {
  const record = useRecordContext<{ status: WorkflowStatus }>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      {...STATUS_LOOK[record.status]}
      label={translate(`content.status.${record.status}`)}
    />
  );
}

/** The filters every workflow list has: status and tag. */
export function workflowFilters() {
  return [
    <SelectInput
      key="status"
      source="status"
      choices={statusChoices}
      emptyText="content.any"
    />,
    <ReferenceInput key="tagId" source="tagId" reference={TAGS}>
      <AutocompleteInput optionText="name" />
    </ReferenceInput>,
  ];
}

const BULK_ICON: Record<WorkflowBulkAction, ReactElement> = {
  publish: <PublishIcon />,
  unpublish: <UnpublishedIcon />,
  archive: <ArchiveIcon />,
};

/**
 * Bulk publish, unpublish and archive (`POST /<path>/publishing`, all or none), and bulk
 * delete, on the selected rows.
 */
export function WorkflowBulkActions() {
  const resource = useResourceContext() ?? "";
  const { selectedIds, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { canAccess: canUpdate } = useCanAccess({ resource, action: "edit" });
  const { canAccess: canDelete } = useCanAccess({
    resource,
    action: "delete",
  });
  const run = async (action: WorkflowBulkAction) => {
    setBusy(true);
    try {
      const { data } = await mainClient.post<{ ids: number[] }>(
        `/${apiResourceFor(resource).apiPath}/publishing`,
        { action, ids: selectedIds },
      );
      notify("content.bulk.done", {
        type: "info",
        messageArgs: {
          action: translate(`content.bulk.${action}`),
          smart_count: data.ids.length,
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
      {canUpdate
        ? WORKFLOW_BULK_ACTIONS.map((action) => (
            <Button
              key={action}
              label={`content.bulk.${action}`}
              disabled={busy}
              onClick={() => void run(action)}
            >
              {BULK_ICON[action]}
            </Button>
          ))
        : null}
      {canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null}
    </>
  );
}

/** An ISO UTC instant from the browser's local date-time input. */
const toInstant = (value: string | Date | null) =>
  value ? new Date(value).toISOString() : null;

/** Status, the scheduled time (when scheduling) and tags: the workflow's inputs. */
export function WorkflowInputs({
  required,
}: {
  required: (field: string) => boolean;
}) {
  const translate = useTranslate();
  const status = useWatch({ name: "status" }) as WorkflowStatus | undefined;
  return (
    <>
      <SelectInput
        source="status"
        choices={statusChoices}
        defaultValue="draft"
        isRequired={required("status")}
        helperText={translate("content.helper.status")}
      />
      {status === "scheduled" ? (
        <DateTimeInput source="publishAt" parse={toInstant} isRequired />
      ) : null}
      <ReferenceArrayInput source="tagIds" reference={TAGS}>
        <AutocompleteArrayInput optionText="name" />
      </ReferenceArrayInput>
    </>
  );
}

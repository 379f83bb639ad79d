import {
  AutocompleteInput,
  BulkDeleteButton,
  ReferenceInput,
  SelectInput,
  useCanAccess,
  useResourceContext,
} from "react-admin";
import { PublishingButtons } from "./PublishingButtons";
import { statusChoices } from "./WorkflowInputs";

const TAGS = "admin/tagManage";

/** The filters every workflow list has: status and tag. */
export function workflowFilters(translate: (key: string) => string) {
  return [
    <SelectInput
      key="status"
      source="status"
      choices={statusChoices(translate)}
      emptyText="content.any"
    />,
    <ReferenceInput key="tagId" source="tagId" reference={TAGS}>
      <AutocompleteInput optionText="name" />
    </ReferenceInput>,
  ];
}

/**
 * Bulk publish, unpublish and archive (`POST /<path>/publishing`, all or none), and bulk
 * delete, on the selected rows: each shown to a holder of its code.
 */
export function WorkflowBulkActions() {
  const resource = useResourceContext() ?? "";
  const { canAccess: canDelete } = useCanAccess({
    resource,
    action: "delete",
  });
  return (
    <>
      <PublishingButtons />
      {canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null}
    </>
  );
}

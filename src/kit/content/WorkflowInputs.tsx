import {
  AutocompleteArrayInput,
  DateTimeInput,
  FormDataConsumer,
  ReferenceArrayInput,
  SelectInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import {
  WORKFLOW_STATUSES,
  WORKFLOW_TRANSITIONS,
  type WorkflowStatus,
} from "../../../common/schemas/workflow";

/** The picker's local time → the ISO UTC instant the server takes. */
export function parseInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

export function statusChoices(
  translate: (key: string) => string,
  from?: WorkflowStatus,
) {
  // Only the moves the server allows from the record's status are offered.
  const allowed = from ? WORKFLOW_TRANSITIONS[from] : WORKFLOW_STATUSES;
  return allowed.map((id) => ({ id, name: translate(`content.status.${id}`) }));
}

/**
 * The workflow's inputs every content form shares: status (only the moves that make
 * sense from the stored one), the time of a scheduled publication, and the tags.
 */
export function WorkflowInputs({
  required,
}: {
  required: (field: string) => boolean;
}) {
  const translate = useTranslate();
  const record = useRecordContext<{ status?: WorkflowStatus }>();
  return (
    <>
      <SelectInput
        source="status"
        choices={statusChoices(translate, record?.status)}
        defaultValue="draft"
        isRequired={required("status")}
        helperText={translate("content.helper.status")}
      />
      <FormDataConsumer<{ status?: string }>>
        {({ formData }) =>
          formData.status === "scheduled" ? (
            <DateTimeInput
              source="publishAt"
              parse={parseInstant}
              isRequired
              helperText={translate("content.publish_at_helper")}
            />
          ) : null
        }
      </FormDataConsumer>
      <ReferenceArrayInput source="tagIds" reference="admin/tagManage">
        <AutocompleteArrayInput optionText="name" />
      </ReferenceArrayInput>
    </>
  );
}

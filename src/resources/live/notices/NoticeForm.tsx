import {
  AutocompleteInput,
  BooleanInput,
  Create,
  DateTimeInput,
  Edit,
  ReferenceInput,
  SimpleForm,
  TextInput,
} from "react-admin";
import { liveNoticeInputSchema } from "../../../../common/schemas/live";
import { FormToolbar } from "../../FormToolbar";
import { schemaForm } from "../../schemaForm";
import { formatLocalTime, parseLocalTime } from "../shared";

const form = schemaForm(liveNoticeInputSchema);

/** A notice's fields, shared by create and edit. */
function NoticeForm({ deletable = false }: { deletable?: boolean }) {
  return (
    <SimpleForm
      validate={form.validate}
      noValidate
      toolbar={<FormToolbar deletable={deletable} />}
      sx={{ maxWidth: 720 }}
    >
      <TextInput
        source="textZh"
        multiline
        autoFocus
        isRequired={form.required("textZh")}
      />
      <TextInput
        source="textEn"
        multiline
        isRequired={form.required("textEn")}
      />
      <DateTimeInput
        source="startsAt"
        parse={parseLocalTime}
        format={formatLocalTime}
        helperText="live.time_helper"
        isRequired={form.required("startsAt")}
      />
      <DateTimeInput
        source="endsAt"
        parse={parseLocalTime}
        format={formatLocalTime}
        helperText="live.time_helper"
        isRequired={form.required("endsAt")}
      />
      <ReferenceInput source="channelId" reference="admin/channelManage">
        <AutocompleteInput optionText="name" />
      </ReferenceInput>
      <BooleanInput source="enabled" />
    </SimpleForm>
  );
}

export function NoticeCreate() {
  return (
    <Create redirect="list" record={{ enabled: true }}>
      <NoticeForm />
    </Create>
  );
}

export function NoticeEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <NoticeForm deletable />
    </Edit>
  );
}

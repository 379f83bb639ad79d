import { BooleanInput, Create, Edit, TextInput } from "react-admin";
import { liveNoticeInputSchema } from "../../../../common/schemas/live";
import { ResourceForm } from "../../../kit/ResourceForm";
import { schemaForm } from "../../../kit/schemaForm";
import { ChannelInput, LocalTimeInput } from "../shared";

const form = schemaForm(liveNoticeInputSchema);

/** A notice's fields, shared by create and edit. */
function NoticeForm({ deletable = false }: { deletable?: boolean }) {
  return (
    <ResourceForm form={form} deletable={deletable} maxWidth={720}>
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
      {(["startsAt", "endsAt"] as const).map((source) => (
        <LocalTimeInput
          key={source}
          source={source}
          helperText="live.time_helper"
          isRequired={form.required(source)}
        />
      ))}
      <ChannelInput source="channelId" />
      <BooleanInput source="enabled" />
    </ResourceForm>
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

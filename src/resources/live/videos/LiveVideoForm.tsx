import Divider from "@mui/material/Divider";
import {
  AutocompleteInput,
  Create,
  DateTimeInput,
  Edit,
  ReferenceInput,
  SimpleForm,
  TextInput,
  useRecordContext,
} from "react-admin";
import {
  liveVideoInputSchema,
  type LiveVideo,
} from "../../../../common/schemas/live";
import { MediaInput } from "../../../media/MediaInput";
import { FormToolbar } from "../../FormToolbar";
import { schemaForm } from "../../schemaForm";
import { formatLocalTime, parseLocalTime } from "../shared";
import { LiveVideoActions } from "./LiveVideoActions";

const form = schemaForm(liveVideoInputSchema);

/** The fields of a live video; its status moves through the buttons, not the form. */
function LiveVideoForm({ deletable = false }: { deletable?: boolean }) {
  const video = useRecordContext<LiveVideo>();
  // Times and channel are fixed once the video went on air (the server refuses too).
  const locked = video?.status === "live" || video?.status === "ended";
  return (
    <SimpleForm
      validate={form.validate}
      noValidate
      toolbar={<FormToolbar deletable={deletable} />}
      sx={{ maxWidth: 720 }}
    >
      <TextInput source="title" autoFocus isRequired={form.required("title")} />
      <ReferenceInput source="channelId" reference="admin/channelManage">
        <AutocompleteInput
          optionText="name"
          isRequired={form.required("channelId")}
          disabled={locked}
        />
      </ReferenceInput>
      <TextInput source="preacher" />
      <DateTimeInput
        source="scheduledStart"
        parse={parseLocalTime}
        format={formatLocalTime}
        helperText={locked ? false : "live.time_helper"}
        isRequired={form.required("scheduledStart")}
        disabled={locked}
      />
      <DateTimeInput
        source="scheduledEnd"
        parse={parseLocalTime}
        format={formatLocalTime}
        helperText={locked ? false : "live.time_helper"}
        isRequired={form.required("scheduledEnd")}
        disabled={locked}
      />
      {deletable ? (
        <>
          <MediaInput
            source="replayFileId"
            kind="video"
            helperText="live.replay_helper"
          />
          <TextInput source="replayUrl" helperText="https://…" />
        </>
      ) : null}
    </SimpleForm>
  );
}

export function LiveVideoCreate() {
  return (
    <Create redirect="edit">
      <LiveVideoForm />
    </Create>
  );
}

/** Saves are pessimistic: the server checks the version. The moves sit above the form. */
export function LiveVideoEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <LiveVideoActions />
      <Divider />
      <LiveVideoForm deletable />
    </Edit>
  );
}

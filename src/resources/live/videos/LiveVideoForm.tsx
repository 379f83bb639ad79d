import Divider from "@mui/material/Divider";
import { Create, Edit, TextInput, useRecordContext } from "react-admin";
import {
  liveVideoInputSchema,
  type LiveVideo,
} from "../../../../common/schemas/live";
import { MediaInput } from "../../../media/MediaInput";
import { ResourceForm } from "../../../kit/ResourceForm";
import { schemaForm } from "../../../kit/schemaForm";
import { ChannelInput, LocalTimeInput } from "../shared";
import { LiveVideoActions } from "./LiveVideoActions";

const form = schemaForm(liveVideoInputSchema);

/** The fields of a live video; its status moves through the buttons, not the form. */
function LiveVideoForm({ deletable = false }: { deletable?: boolean }) {
  const video = useRecordContext<LiveVideo>();
  // Times and channel are fixed once the video went on air (the server refuses too).
  const locked = video?.status === "live" || video?.status === "ended";
  return (
    <ResourceForm form={form} deletable={deletable} maxWidth={720}>
      <TextInput source="title" autoFocus isRequired={form.required("title")} />
      <ChannelInput
        source="channelId"
        isRequired={form.required("channelId")}
        disabled={locked}
      />
      <TextInput source="preacher" />
      {(["scheduledStart", "scheduledEnd"] as const).map((source) => (
        <LocalTimeInput
          key={source}
          source={source}
          helperText={locked ? false : "live.time_helper"}
          isRequired={form.required(source)}
          disabled={locked}
        />
      ))}
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
    </ResourceForm>
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

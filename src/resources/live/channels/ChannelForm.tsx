import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import Typography from "@mui/material/Typography";
import {
  Create,
  Edit,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import {
  CHANNEL_STATUSES,
  channelInputSchema,
  type Channel,
} from "../../../../common/schemas/live";
import { MediaInput } from "../../../media/MediaInput";
import { ResourceForm } from "../../../kit/ResourceForm";
import { schemaForm } from "../../../kit/schemaForm";
import { HlsPreview } from "./HlsPreview";
import { StreamKeyPanel } from "./StreamKeyPanel";
import { codeChoices } from "../../../kit/choices";

const form = schemaForm(channelInputSchema);

/** The fields of a channel, shared by create and edit. The key is not one of them. */
function ChannelForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  return (
    <ResourceForm form={form} deletable={deletable} maxWidth={720}>
      <TextInput source="name" autoFocus isRequired={form.required("name")} />
      <TextInput source="description" multiline minRows={2} />
      <MediaInput source="coverFileId" kind="image" />
      <TextInput
        source="playbackUrl"
        helperText="https://…/index.m3u8"
        isRequired={form.required("playbackUrl")}
      />
      <TextInput source="ingestUrl" helperText="rtmp://…" />
      <SelectInput
        source="status"
        choices={codeChoices(
          CHANNEL_STATUSES,
          "live.channel_status",
          translate,
        )}
        translateChoice={false}
      />
      {deletable ? null : (
        <Typography variant="body2" color="text.secondary">
          {translate("live.key.save_first")}
        </Typography>
      )}
    </ResourceForm>
  );
}

function Preview() {
  const channel = useRecordContext<Channel>();
  const translate = useTranslate();
  if (!channel) return null;
  return (
    <Box component="section" aria-labelledby="preview-title" sx={{ p: 2 }}>
      <Typography id="preview-title" variant="h6" component="h2">
        {translate("live.preview.title")}
      </Typography>
      <HlsPreview url={channel.playbackUrl} />
    </Box>
  );
}

export function ChannelCreate() {
  return (
    <Create redirect="edit" record={{ status: "idle" }}>
      <ChannelForm />
    </Create>
  );
}

/** Saves are pessimistic: the server checks the version. Key and preview sit below. */
export function ChannelEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <ChannelForm deletable />
      <Divider />
      <StreamKeyPanel />
      <Divider />
      <Preview />
    </Edit>
  );
}

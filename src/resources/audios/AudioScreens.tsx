import { DataTable, TextInput } from "react-admin";
import { audioInputSchema } from "../../../common/schemas/audio";
import { MediaInput } from "../../media/MediaInput";
import { DurationField } from "../../kit/content/DurationField";
import { ContentList } from "../../kit/content/ContentList";
import { hiddenBelowSm } from "../../kit/columns";
import {
  ContentCreate,
  ContentEdit,
  ContentForm,
} from "../../kit/content/ContentForm";

/** /admin/audioManage: recordings with speaker and series, played in place. */
export function AudioList() {
  return (
    <ContentList
      fileField="audioFileId"
      filters={[
        <TextInput key="speaker" source="speaker" />,
        <TextInput key="series" source="series" />,
      ]}
    >
      <DataTable.Col source="speaker" disableSort sx={hiddenBelowSm} />
      <DataTable.Col source="series" disableSort sx={hiddenBelowSm} />
      <DataTable.Col source="durationSec" disableSort sx={hiddenBelowSm}>
        <DurationField />
      </DataTable.Col>
    </ContentList>
  );
}

function AudioForm({ deletable }: { deletable?: boolean }) {
  return (
    <ContentForm schema={audioInputSchema} deletable={deletable}>
      <MediaInput
        source="audioFileId"
        label="resources.admin/audioManage.fields.audioFileId"
        kind="audio"
        isRequired
      />
      <TextInput source="speaker" />
      <TextInput source="series" />
      <MediaInput
        source="coverFileId"
        label="resources.admin/audioManage.fields.coverFileId"
        kind="image"
      />
    </ContentForm>
  );
}

export function AudioCreate() {
  return (
    <ContentCreate>
      <AudioForm />
    </ContentCreate>
  );
}

export function AudioEdit() {
  return (
    <ContentEdit>
      <AudioForm deletable />
    </ContentEdit>
  );
}

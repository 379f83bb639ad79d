import { DataTable, SelectInput, TextInput } from "react-admin";
import { VIDEO_SOURCES, videoInputSchema } from "../../../common/schemas/video";
import { MediaInput } from "../../media/MediaInput";
import { DurationField } from "../../kit/content/DurationField";
import { ContentList } from "../../kit/content/ContentList";
import { hiddenBelowSm } from "../../kit/columns";
import {
  ContentCreate,
  ContentEdit,
  ContentForm,
} from "../../kit/content/ContentForm";
import { codeChoices } from "../../kit/choices";

const sourceChoices = codeChoices(VIDEO_SOURCES, "content.video_source");

/** /admin/videoManage: library videos and external links, played in place. */
export function VideoList() {
  return (
    <ContentList
      fileField="videoFileId"
      filters={[
        <SelectInput
          key="source"
          source="source"
          choices={sourceChoices}
          emptyText="content.any"
        />,
      ]}
    >
      <DataTable.Col source="videoUrl" disableSort sx={hiddenBelowSm} />
      <DataTable.Col source="durationSec" disableSort sx={hiddenBelowSm}>
        <DurationField />
      </DataTable.Col>
    </ContentList>
  );
}

function VideoForm({ deletable }: { deletable?: boolean }) {
  return (
    <ContentForm schema={videoInputSchema} deletable={deletable}>
      <MediaInput
        source="videoFileId"
        label="resources.admin/videoManage.fields.videoFileId"
        kind="video"
        helperText="content.helper.video_source"
      />
      <TextInput
        source="videoUrl"
        type="url"
        fullWidth
        helperText="content.helper.video_url"
      />
      <MediaInput
        source="coverFileId"
        label="resources.admin/videoManage.fields.coverFileId"
        kind="image"
      />
    </ContentForm>
  );
}

export function VideoCreate() {
  return (
    <ContentCreate>
      <VideoForm />
    </ContentCreate>
  );
}

export function VideoEdit() {
  return (
    <ContentEdit>
      <VideoForm deletable />
    </ContentEdit>
  );
}

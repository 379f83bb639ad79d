import { DateInput, TextInput, useTranslate } from "react-admin";
import Typography from "@mui/material/Typography";
import { sermonInputSchema } from "../../../common/schemas/sermon";
import { LazyRichTextInput } from "../../editor";
import { MediaInput } from "../../media/MediaInput";
import { RegionCascaderInput } from "../../reference/RegionCascaderInput";
import { AttachmentsInput } from "../../kit/content/AttachmentsInput";
import { SuggestInput } from "../../kit/content/SuggestInput";
import { WorkflowInputs } from "../../kit/content/WorkflowInputs";
import { ResourceForm } from "../../kit/ResourceForm";
import { schemaForm } from "../../kit/schemaForm";

const form = schemaForm(sermonInputSchema);
const wide = { width: "100%", maxWidth: 720 };

/** Every field of a sermon (issue 11 item 3), shared by create and edit of both lists. */
export function SermonForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  return (
    <ResourceForm form={form} deletable={deletable}>
      <TextInput
        source="title"
        autoFocus
        isRequired={form.required("title")}
        sx={wide}
      />
      <SuggestInput
        source="preacher"
        apiPath="sermons"
        isRequired={form.required("preacher")}
      />
      <SuggestInput
        source="series"
        apiPath="sermons"
        isRequired={form.required("series")}
      />
      <SuggestInput
        source="serviceType"
        apiPath="sermons"
        isRequired={form.required("serviceType")}
      />
      <DateInput source="preachedOn" isRequired={form.required("preachedOn")} />
      <TextInput
        source="passage"
        isRequired={form.required("passage")}
        sx={wide}
      />
      <TextInput
        source="summary"
        multiline
        minRows={2}
        isRequired={form.required("summary")}
        sx={wide}
      />
      <LazyRichTextInput source="body" preset="article" fullWidth />
      {/* The cover comes first, apart from 附件, so it is not read as an attachment. */}
      <MediaInput source="coverFileId" kind="image" />
      <MediaInput source="audioFileId" kind="audio" />
      <Typography variant="body2" color="text.secondary">
        {translate("content.video_helper")}
      </Typography>
      <MediaInput source="videoFileId" kind="video" />
      <TextInput source="videoUrl" type="url" sx={wide} />
      <AttachmentsInput source="attachmentIds" />
      <RegionCascaderInput source="regionCode" />
      <WorkflowInputs required={form.required} />
    </ResourceForm>
  );
}

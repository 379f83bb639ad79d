import { DataTable, SelectField, SelectInput } from "react-admin";
import {
  DOC_LANGUAGES,
  gospelDocInputSchema,
} from "../../../common/schemas/gospel-doc";
import { MediaInput } from "../../media/MediaInput";
import { ContentList } from "../../kit/content/ContentList";
import { hiddenBelowSm } from "../../kit/columns";
import {
  ContentCreate,
  ContentEdit,
  ContentForm,
} from "../../kit/content/ContentForm";
import { PassageFilterInput } from "../../kit/PassageFilterInput";
import { codeChoices } from "../../kit/choices";

const languageChoices = codeChoices(DOC_LANGUAGES, "content.doc_language");

/** /admin/docManage: gospel documents by language; a PDF opens in the browser. */
export function GospelDocList() {
  return (
    <ContentList
      fileField="fileId"
      filters={[
        <SelectInput
          key="language"
          source="language"
          choices={languageChoices}
          emptyText="content.any"
        />,
        <PassageFilterInput key="passage" source="passage" />,
      ]}
    >
      <DataTable.Col source="language" disableSort sx={hiddenBelowSm}>
        <SelectField source="language" choices={languageChoices} />
      </DataTable.Col>
    </ContentList>
  );
}

function GospelDocForm({ deletable }: { deletable?: boolean }) {
  return (
    <ContentForm schema={gospelDocInputSchema} deletable={deletable}>
      <MediaInput
        source="fileId"
        label="resources.admin/docManage.fields.fileId"
        kind="document"
        isRequired
      />
      <SelectInput
        source="language"
        choices={languageChoices}
        defaultValue="zh-CN"
        isRequired
      />
      <MediaInput
        source="coverFileId"
        label="resources.admin/docManage.fields.coverFileId"
        kind="image"
      />
    </ContentForm>
  );
}

export function GospelDocCreate() {
  return (
    <ContentCreate>
      <GospelDocForm />
    </ContentCreate>
  );
}

export function GospelDocEdit() {
  return (
    <ContentEdit>
      <GospelDocForm deletable />
    </ContentEdit>
  );
}

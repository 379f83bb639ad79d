import { NumberInput, TextInput, useTranslate } from "react-admin";
import { tagInputSchema } from "../../../common/schemas/tag";
import { ResourceForm } from "../../kit/ResourceForm";
import { schemaForm } from "../../kit/schemaForm";

const form = schemaForm(tagInputSchema);

/** The fields of a tag, shared by create and edit. */
export function TagForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  return (
    <ResourceForm form={form} deletable={deletable} maxWidth={560}>
      <TextInput source="name" autoFocus isRequired={form.required("name")} />
      <TextInput source="nameEn" isRequired={form.required("nameEn")} />
      <NumberInput
        source="sortOrder"
        step={1}
        isRequired={form.required("sortOrder")}
        helperText={translate("resources.admin/tagManage.helper.sortOrder")}
      />
    </ResourceForm>
  );
}

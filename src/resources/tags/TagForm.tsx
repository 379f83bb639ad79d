import { NumberInput, SimpleForm, TextInput, useTranslate } from "react-admin";
import { tagInputSchema } from "../../../common/schemas/tag";
import { FormToolbar } from "../FormToolbar";
import { schemaForm } from "../schemaForm";

const form = schemaForm(tagInputSchema);

/** The fields of a tag, shared by create and edit. */
export function TagForm({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  return (
    // noValidate: the schema's messages, in the app's language, replace the browser's.
    <SimpleForm
      validate={form.validate}
      noValidate
      toolbar={<FormToolbar deletable={deletable} />}
      sx={{ maxWidth: 560 }}
    >
      <TextInput source="name" autoFocus isRequired={form.required("name")} />
      <TextInput source="nameEn" isRequired={form.required("nameEn")} />
      <NumberInput
        source="sortOrder"
        step={1}
        isRequired={form.required("sortOrder")}
        helperText={translate("resources.admin/tagManage.helper.sortOrder")}
      />
    </SimpleForm>
  );
}

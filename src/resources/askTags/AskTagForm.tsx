import { NumberInput, SimpleForm, TextInput, useTranslate } from "react-admin";
import { askTagInputSchema } from "../../../common/schemas/ask";
import { FormToolbar } from "../../kit/FormToolbar";
import { schemaForm } from "../../kit/schemaForm";

const form = schemaForm(askTagInputSchema);

/** A Q&A tag's fields, shared by create and edit (both in a dialog over the list). */
export function AskTagForm() {
  const translate = useTranslate();
  return (
    // noValidate: the schema's messages, in the app's language, replace the browser's.
    // No invalid-form notice: each field shows its error, and on a phone the notice
    // covered the dialog's Save.
    <SimpleForm
      validate={form.validate}
      noValidate
      disableInvalidFormNotification
      toolbar={<FormToolbar />}
    >
      <TextInput source="name" autoFocus isRequired={form.required("name")} />
      <TextInput source="nameEn" isRequired={form.required("nameEn")} />
      <TextInput
        source="description"
        multiline
        isRequired={form.required("description")}
      />
      <TextInput
        source="descriptionEn"
        multiline
        isRequired={form.required("descriptionEn")}
      />
      <NumberInput
        source="sortOrder"
        step={1}
        isRequired={form.required("sortOrder")}
        helperText={translate("resources.admin/tagManage.helper.sortOrder")}
      />
    </SimpleForm>
  );
}

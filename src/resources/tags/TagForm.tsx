import { NumberInput, SimpleForm, TextInput, useTranslate } from "react-admin";
import type { ReactNode } from "react";
import { validateTag } from "./validateTag";

/** The fields of a tag, shared by create and edit. */
export function TagForm({ toolbar }: { toolbar?: ReactNode }) {
  const translate = useTranslate();
  return (
    <SimpleForm
      validate={validateTag}
      toolbar={toolbar as never}
      sx={{ maxWidth: 560 }}
    >
      <TextInput source="name" autoFocus />
      <TextInput source="nameEn" />
      <NumberInput
        source="sortOrder"
        step={1}
        min={0}
        helperText={translate("resources.admin/tagManage.helper.sortOrder")}
      />
    </SimpleForm>
  );
}

import {
  AutocompleteArrayInput,
  PasswordInput,
  ReferenceArrayInput,
  SelectInput,
  TextInput,
  useLocaleState,
  useTranslate,
} from "react-admin";
import type { z } from "zod";
import {
  USER_STATUSES,
  userCreateSchema,
  userInputSchema,
} from "../../../../common/schemas/user";
import { SUPPORTED_LANGUAGES } from "../../../../common/codes";
import { ResourceForm } from "../../../kit/ResourceForm";
import { schemaForm } from "../../../kit/schemaForm";
import { codeChoices } from "../../../kit/choices";

const createForm = schemaForm(userCreateSchema as unknown as z.ZodObject);
const editForm = schemaForm(userInputSchema);

/** A role's name in the interface's language. */
export function useRoleName() {
  const [locale] = useLocaleState();
  return (role: { name: string; nameEn: string }) =>
    locale === "en-US" ? role.nameEn : role.name;
}

/** The fields of a user; create also sets the first password (under the policy). */
export function UserForm({ mode }: { mode: "create" | "edit" }) {
  const translate = useTranslate();
  const roleName = useRoleName();
  const form = mode === "create" ? createForm : editForm;
  return (
    <ResourceForm
      form={form}
      deletable={mode === "edit"}
      maxWidth={560}
      defaultValues={
        mode === "create" ? { status: "enabled", roleIds: [] } : undefined
      }
    >
      <TextInput
        source="loginName"
        autoFocus
        isRequired={form.required("loginName")}
      />
      <TextInput source="userName" isRequired={form.required("userName")} />
      {mode === "create" ? (
        <PasswordInput
          source="password"
          isRequired
          autoComplete="new-password"
        />
      ) : null}
      <TextInput source="email" type="email" />
      <TextInput source="phone" />
      <SelectInput
        source="status"
        choices={codeChoices(USER_STATUSES, "system.status", translate)}
      />
      <SelectInput
        source="language"
        choices={SUPPORTED_LANGUAGES.map((id) => ({
          id,
          name: id === "zh-CN" ? "中文" : "English",
        }))}
      />
      <ReferenceArrayInput source="roleIds" reference="admin/system/roleManage">
        <AutocompleteArrayInput optionText={roleName} />
      </ReferenceArrayInput>
    </ResourceForm>
  );
}

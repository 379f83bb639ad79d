import { SimpleForm, TextInput, useRecordContext } from "react-admin";
import { roleInputSchema } from "../../../../common/schemas/role";
import { FormToolbar } from "../../FormToolbar";
import { schemaForm } from "../../schemaForm";
import { PermissionTreeInput } from "./PermissionTreeInput";

const form = schemaForm(roleInputSchema);

/** A role's fields and its codes; a built-in role keeps its code and names, admin all codes. */
export function RoleForm({ deletable = false }: { deletable?: boolean }) {
  const record = useRecordContext<{ builtIn?: boolean; code?: string }>();
  const builtIn = Boolean(record?.builtIn);
  return (
    <SimpleForm
      validate={form.validate}
      noValidate
      toolbar={<FormToolbar deletable={deletable && !builtIn} />}
      defaultValues={record ? undefined : { permissions: [] }}
    >
      <TextInput
        source="code"
        autoFocus
        isRequired={form.required("code")}
        disabled={builtIn}
      />
      <TextInput
        source="name"
        isRequired={form.required("name")}
        disabled={builtIn}
      />
      <TextInput
        source="nameEn"
        isRequired={form.required("nameEn")}
        disabled={builtIn}
      />
      <TextInput source="remark" multiline />
      <PermissionTreeInput
        source="permissions"
        disabled={record?.code === "admin"}
      />
    </SimpleForm>
  );
}

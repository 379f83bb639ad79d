import { BooleanInput, TextInput, useRecordContext } from "react-admin";
import { roleInputSchema } from "../../../../common/schemas/role";
import { ResourceForm } from "../../../kit/ResourceForm";
import { schemaForm } from "../../../kit/schemaForm";
import { PermissionTreeInput } from "./PermissionTreeInput";

const form = schemaForm(roleInputSchema);

/** A role's fields and its codes; a built-in role keeps its code and names, admin all codes. */
export function RoleForm({ deletable = false }: { deletable?: boolean }) {
  const record = useRecordContext<{ builtIn?: boolean; code?: string }>();
  const builtIn = Boolean(record?.builtIn);
  return (
    <ResourceForm
      form={form}
      deletable={deletable && !builtIn}
      defaultValues={
        record ? undefined : { permissions: [], requiresTwoFactor: false }
      }
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
      {/* Its users log in with a second factor; `admin` always does (docs/decisions.md). */}
      <BooleanInput
        source="requiresTwoFactor"
        disabled={record?.code === "admin"}
      />
      <PermissionTreeInput
        source="permissions"
        disabled={record?.code === "admin"}
      />
    </ResourceForm>
  );
}

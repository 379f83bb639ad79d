import {
  BooleanInput,
  NumberInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { useWatch } from "react-hook-form";
import {
  resourcePageInputSchema,
  type ResourcePage,
} from "../../../../common/schemas/resource-page";
import { ResourceForm } from "../../../kit/ResourceForm";
import { schemaForm } from "../../../kit/schemaForm";
import { MenuIconPicker } from "./MenuIconPicker";
import { PermissionCodeInput } from "./PermissionCodeInput";
import { useEntryTitle, useGroups } from "./useGroups";

const form = schemaForm(resourcePageInputSchema);

/** A page sits in a group; a group (no path) sits at the top and has no parent. */
function ParentInput() {
  const translate = useTranslate();
  const title = useEntryTitle();
  const path = useWatch({ name: "path" }) as string | null | undefined;
  const { data: groups, isPending } = useGroups();
  if (!path) return null;
  return (
    <SelectInput
      source="parentId"
      choices={(groups ?? []).map((group) => ({
        id: group.id,
        name: title(group),
      }))}
      isPending={isPending}
      emptyText={translate("system.pages.no_group")}
      parse={(value: string | number | null) =>
        value === "" || value === null ? null : Number(value)
      }
    />
  );
}

/** A menu entry's fields, shared by create and edit; a built-in page keeps its path. */
export function ResourcePageForm({
  deletable = false,
}: {
  deletable?: boolean;
}) {
  const translate = useTranslate();
  const record = useRecordContext<ResourcePage>();
  const builtIn = Boolean(record?.builtIn);
  return (
    <ResourceForm
      form={form}
      deletable={deletable && !builtIn}
      defaultValues={
        record ? undefined : { visible: true, sortOrder: 0, icon: "Folder" }
      }
      maxWidth={640}
    >
      <TextInput
        source="path"
        disabled={builtIn}
        helperText={translate(
          builtIn ? "system.pages.helper.built_in" : "system.pages.helper.path",
        )}
        parse={(value: string) => (value ? value : null)}
      />
      <TextInput
        source="titleZh"
        autoFocus
        isRequired={form.required("titleZh")}
      />
      <TextInput source="titleEn" isRequired={form.required("titleEn")} />
      <MenuIconPicker isRequired={form.required("icon")} />
      <ParentInput />
      <NumberInput
        source="sortOrder"
        step={1}
        helperText={translate("system.pages.helper.sort_order")}
      />
      <BooleanInput
        source="visible"
        helperText={translate("system.pages.helper.visible")}
      />
      <PermissionCodeInput />
    </ResourceForm>
  );
}

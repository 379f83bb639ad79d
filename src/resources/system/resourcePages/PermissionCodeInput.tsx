import { AutocompleteInput, useTranslate } from "react-admin";
import { usePermissionTree } from "../roles/usePermissionTree";

interface CodeChoice {
  id: string;
  name: string;
  group: string;
}

/**
 * The code that shows an entry, picked from the server's permission tree: grouped by the
 * tree's groups, each option "module · action (code)". Empty: every logged-in user.
 */
export function PermissionCodeInput() {
  const translate = useTranslate();
  const { tree, label } = usePermissionTree();
  const choices: CodeChoice[] = (tree ?? []).flatMap((group) =>
    group.modules.flatMap((module) =>
      module.actions.map((action) => ({
        id: action.code,
        name: `${label(module.label)} · ${label(action.label)} (${action.code})`,
        group: label(group.label),
      })),
    ),
  );
  return (
    <AutocompleteInput
      source="permission"
      choices={choices}
      isPending={!tree}
      groupBy={(option: CodeChoice) => option.group}
      emptyText={translate("system.pages.everyone")}
      helperText={translate("system.pages.helper.permission")}
      parse={(value: string | null) => (value ? value : null)}
      fullWidth
      sx={{ maxWidth: 560 }}
    />
  );
}

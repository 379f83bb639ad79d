import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import LinearProgress from "@mui/material/LinearProgress";
import { useInput, useTranslate } from "react-admin";
import { usePermissionTree } from "./usePermissionTree";

/**
 * Picks permission codes in a checkbox tree (group → module → action). Ticking a parent
 * ticks every code under it; a parent with some codes ticked shows as indeterminate.
 */
export function PermissionTreeInput({
  source,
  disabled = false,
}: {
  source: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { tree, label } = usePermissionTree();
  const { field } = useInput({ source });
  const selected = new Set<string>((field.value as string[] | undefined) ?? []);
  if (!tree) return <LinearProgress sx={{ my: 2, width: 240 }} />;

  const toggle = (codes: string[], on: boolean) => {
    const next = new Set(selected);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    field.onChange([...next].sort());
  };
  const parent = (codes: string[], text: string, testId: string) => {
    const ticked = codes.filter((code) => selected.has(code)).length;
    const mixed = ticked > 0 && ticked < codes.length;
    return (
      <FormControlLabel
        label={text}
        control={
          <Checkbox
            size="small"
            disabled={disabled}
            checked={ticked === codes.length && codes.length > 0}
            indeterminate={mixed}
            onChange={(event) => toggle(codes, event.target.checked)}
            // A half-ticked parent is the native checkbox's own indeterminate state, which
            // browsers announce as "mixed"; MUI's aria-checked="mixed" on a native checkbox
            // contradicts its checked state (axe: aria-conditional-attr, serious).
            inputRef={(input: HTMLInputElement | null) => {
              if (input) input.indeterminate = mixed;
            }}
            inputProps={
              { "data-testid": testId, "aria-checked": undefined } as object
            }
          />
        }
      />
    );
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
      <FormLabel component="legend">
        {translate("resources.admin/system/roleManage.fields.permissions")}
      </FormLabel>
      {tree.map((group) => {
        const groupCodes = group.modules.flatMap((m) =>
          m.actions.map((a) => a.code),
        );
        return (
          <Box key={group.key} role="group" aria-label={label(group.label)}>
            {parent(groupCodes, label(group.label), `perm-group-${group.key}`)}
            {group.modules.map((module) => {
              const codes = module.actions.map((a) => a.code);
              return (
                <Box
                  key={module.key}
                  sx={{ pl: 4 }}
                  role="group"
                  aria-label={label(module.label)}
                >
                  {parent(
                    codes,
                    label(module.label),
                    `perm-module-${module.key}`,
                  )}
                  <Box sx={{ pl: 4, display: "flex", flexWrap: "wrap" }}>
                    {module.actions.map((action) => (
                      <FormControlLabel
                        key={action.code}
                        label={label(action.label)}
                        control={
                          <Checkbox
                            size="small"
                            disabled={disabled}
                            checked={selected.has(action.code)}
                            onChange={(event) =>
                              toggle([action.code], event.target.checked)
                            }
                            inputProps={
                              { "data-testid": `perm-${action.code}` } as object
                            }
                          />
                        }
                      />
                    ))}
                  </Box>
                </Box>
              );
            })}
          </Box>
        );
      })}
    </Box>
  );
}

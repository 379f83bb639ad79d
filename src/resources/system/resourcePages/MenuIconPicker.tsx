import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { SelectInput, useTranslate } from "react-admin";
import { useWatch } from "react-hook-form";
import { MENU_ICONS } from "../../../../common/schemas/resource-page";
import { menuIcon } from "../../../layout/menuIcons";

const choices = MENU_ICONS.map((id) => ({ id, name: id }));

function IconOption({ name }: { name: string }) {
  const Icon = menuIcon(name);
  return (
    <Box
      component="span"
      sx={{ display: "inline-flex", gap: 1, alignItems: "center" }}
    >
      <Icon fontSize="small" aria-hidden />
      {name}
    </Box>
  );
}

/** The icon, picked from the fixed list (each shown as it looks), with a preview beside it. */
export function MenuIconPicker({ isRequired }: { isRequired: boolean }) {
  const translate = useTranslate();
  const name = useWatch({ name: "icon" }) as string | undefined;
  const Preview = name ? menuIcon(name) : null;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2, width: "100%" }}>
      <SelectInput
        source="icon"
        choices={choices}
        optionText={(choice: { id: string }) => <IconOption name={choice.id} />}
        isRequired={isRequired}
        sx={{ minWidth: 220 }}
      />
      <Box
        data-testid="icon-preview"
        sx={{ display: "flex", alignItems: "center", gap: 1, mb: 2 }}
      >
        <Typography variant="body2" color="text.secondary">
          {translate("system.pages.preview")}
        </Typography>
        {Preview ? <Preview color="primary" aria-label={name} /> : "—"}
      </Box>
    </Box>
  );
}

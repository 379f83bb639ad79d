import { useFormContext } from "react-hook-form";
import Box from "@mui/material/Box";
import MuiButton from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import { useTranslate, useResourceContext, FieldTitle } from "react-admin";
import { MediaInput } from "../../media/MediaInput";

/**
 * Several files of one field (a sermon's slides and bulletins): one media input each, with
 * a button to add another and one to take each away.
 */
export function AttachmentsInput({ source }: { source: string }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const { watch, setValue } = useFormContext();
  const ids = ((watch(source) as (number | null)[] | undefined) ?? []).slice();
  const set = (next: (number | null)[]) =>
    setValue(source, next, { shouldDirty: true, shouldValidate: true });
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, width: "100%" }}>
      <Typography component="legend" variant="body2" color="text.secondary">
        <FieldTitle source={source} resource={resource} />
      </Typography>
      {ids.map((_id, index) => (
        <Box
          key={index}
          sx={{ display: "flex", alignItems: "flex-start", gap: 1 }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <MediaInput
              source={`${source}.${index}`}
              kind="document"
              label={`${translate(`resources.${resource}.fields.${source}`)} ${index + 1}`}
            />
          </Box>
          <IconButton
            aria-label={translate("ra.action.remove")}
            onClick={() => set(ids.filter((_, i) => i !== index))}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <MuiButton
        size="small"
        startIcon={<AddIcon />}
        onClick={() => set([...ids, null])}
      >
        {translate("ra.action.add")}
      </MuiButton>
    </Box>
  );
}

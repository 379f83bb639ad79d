import {
  DeleteButton,
  SaveButton,
  Toolbar,
  useCanAccess,
  useFormIsDirty,
  useResourceContext,
  useTranslate,
} from "react-admin";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";

const HINT_ID = "form-save-hint";

/**
 * Save (with the reason when it is greyed out) and, on edit pages the user may delete
 * from, Delete. Saves and deletes are pessimistic: the server checks the version, and a
 * stale save must not look done.
 */
export function FormToolbar({ deletable = false }: { deletable?: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const isDirty = useFormIsDirty();
  const { canAccess: canDelete } = useCanAccess({
    resource: resource ?? "",
    action: "delete",
    enabled: deletable,
  });
  return (
    <Toolbar sx={{ justifyContent: "space-between", flexWrap: "wrap", gap: 1 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
        <SaveButton aria-describedby={isDirty ? undefined : HINT_ID} />
        {isDirty ? null : (
          <Typography id={HINT_ID} variant="body2" color="text.secondary">
            {translate("app.form.nothing_to_save")}
          </Typography>
        )}
      </Box>
      {deletable && canDelete ? (
        <DeleteButton mutationMode="pessimistic" />
      ) : null}
    </Toolbar>
  );
}

import { useEffect, useState } from "react";
import { useFormContext, useFormState } from "react-hook-form";
import {
  DeleteButton,
  SaveButton,
  Toolbar,
  useCanAccess,
  useDataProvider,
  useFormIsDirty,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from "react-admin";
import Typography from "@mui/material/Typography";
import Box from "@mui/material/Box";
import { StaleVersionDialog } from "./StaleVersionDialog";

const HINT_ID = "form-save-hint";

/**
 * Save (with the reason when it is greyed out) and, on edit pages the user may delete
 * from, Delete. Saves and deletes are pessimistic: the server checks the version, and a
 * stale save must not look done: a 40900 on `version` opens StaleVersionDialog (reload,
 * or see the other change and then reload or overwrite), whether Save was clicked or
 * Enter pressed.
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
  const record = useRecordContext();
  const form = useFormContext();
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  const notify = useNotify();
  const [stale, setStale] = useState(false);
  // A stale save comes back as the server's error on `version` (40900), which react-admin
  // puts in the form's errors: no input has that name, so the dialog shows it.
  const { errors } = useFormState();
  const versionError = Boolean(errors.version);
  useEffect(() => {
    if (record && versionError) setStale(true);
  }, [record, versionError]);
  const closeStale = () => {
    form.clearErrors("version");
    setStale(false);
  };
  const loadTheirs = async () =>
    (
      await dataProvider.getOne(resource ?? "", {
        id: record!.id,
      })
    ).data as Record<string, unknown>;
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
      {record ? (
        <StaleVersionDialog
          open={stale}
          mine={form.getValues()}
          loadTheirs={loadTheirs}
          fieldLabel={(field) => `resources.${resource}.fields.${field}`}
          onReload={(theirs) => {
            form.reset(theirs);
            refresh();
            closeStale();
            notify("content.stale.reloaded", { type: "info" });
          }}
          onOverwrite={(theirs) => {
            // The next save carries the stored version: the user chose to replace it.
            form.setValue("version", theirs.version, { shouldDirty: true });
            closeStale();
          }}
          onClose={closeStale}
        />
      ) : null}
    </Toolbar>
  );
}

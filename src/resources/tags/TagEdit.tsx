import {
  DeleteButton,
  Edit,
  SaveButton,
  Toolbar,
  useCanAccess,
} from "react-admin";
import { TagForm } from "./TagForm";

function TagEditToolbar() {
  const { canAccess: canDelete } = useCanAccess({
    resource: "admin/tagManage",
    action: "delete",
  });
  return (
    <Toolbar sx={{ justifyContent: "space-between" }}>
      <SaveButton />
      {canDelete ? <DeleteButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

/** Saves are pessimistic: the server checks the version, and a stale one must not look saved. */
export function TagEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <TagForm toolbar={<TagEditToolbar />} />
    </Edit>
  );
}

import { Edit } from "react-admin";
import { TagForm } from "./TagForm";

/** Saves are pessimistic: the server checks the version, and a stale one must not look saved. */
export function TagEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <TagForm deletable />
    </Edit>
  );
}

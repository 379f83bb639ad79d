import { Edit } from "react-admin";
import { ResourcePageForm } from "./ResourcePageForm";

/** Pessimistic: the server checks the version, and a stale save must not look saved. */
export function ResourcePageEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <ResourcePageForm deletable />
    </Edit>
  );
}

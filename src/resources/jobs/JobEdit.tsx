import { Edit } from "react-admin";
import { JobForm } from "./JobForm";
import { transformJob } from "./JobCreate";

/** Saves are pessimistic: the server checks the version, and a stale one must not look saved. */
export function JobEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={transformJob}>
      <JobForm deletable />
    </Edit>
  );
}

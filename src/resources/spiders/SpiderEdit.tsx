import { Edit } from "react-admin";
import { SpiderForm } from "./SpiderForm";
import { SpiderRuns } from "./SpiderRuns";

/** Saves are pessimistic: the server checks the version, and a stale one must not look saved. */
export function SpiderEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} aside={undefined}>
      <SpiderForm deletable />
      <SpiderRuns />
    </Edit>
  );
}

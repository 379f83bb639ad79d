import { Create } from "react-admin";
import { ResourcePageForm } from "./ResourcePageForm";

export function ResourcePageCreate() {
  return (
    <Create redirect="list">
      <ResourcePageForm />
    </Create>
  );
}

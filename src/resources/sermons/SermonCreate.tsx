import { Create } from "react-admin";
import { SermonForm } from "./SermonForm";

export function SermonCreate() {
  return (
    <Create redirect="edit">
      <SermonForm />
    </Create>
  );
}

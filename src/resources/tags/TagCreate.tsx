import { Create } from "react-admin";
import { TagForm } from "./TagForm";

export function TagCreate() {
  return (
    <Create redirect="list" record={{ sortOrder: 0 }}>
      <TagForm />
    </Create>
  );
}

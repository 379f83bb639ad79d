import { Edit } from "react-admin";
import { ConfigForm } from "./ConfigForm";
import { useRefreshSite } from "./useRefreshSite";

/** Pessimistic: the server checks the version, and a stale save must not look saved. */
export function ConfigEdit() {
  const onSettled = useRefreshSite();
  return (
    <Edit
      mutationMode="pessimistic"
      redirect="list"
      mutationOptions={{ onSettled }}
    >
      <ConfigForm deletable />
    </Edit>
  );
}

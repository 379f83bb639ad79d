import { Create } from "react-admin";
import { ConfigForm } from "./ConfigForm";
import { useRefreshSite } from "./useRefreshSite";

export function ConfigCreate() {
  const onSettled = useRefreshSite();
  return (
    <Create redirect="list" mutationOptions={{ onSettled }}>
      <ConfigForm />
    </Create>
  );
}

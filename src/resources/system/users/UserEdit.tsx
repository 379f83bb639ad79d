import { Edit, TopToolbar, useCanAccess } from "react-admin";
import { ResetPasswordButton } from "./ResetPasswordButton";
import { ResetTwoFactorButton } from "./ResetTwoFactorButton";
import { UserForm } from "./UserForm";

function Actions() {
  const { canAccess } = useCanAccess({
    resource: "admin/system/userManage",
    action: "edit",
  });
  return (
    <TopToolbar>
      {canAccess ? <ResetPasswordButton /> : null}
      <ResetTwoFactorButton />
    </TopToolbar>
  );
}

/** Saves are pessimistic: the server checks the version and the last-admin rule. */
export function UserEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list" actions={<Actions />}>
      <UserForm mode="edit" />
    </Edit>
  );
}

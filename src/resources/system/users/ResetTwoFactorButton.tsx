import { useState } from "react";
import {
  Button,
  Confirm,
  usePermissions,
  useRecordContext,
  useTranslate,
} from "react-admin";
import { systemClient } from "../../../http";
import { useServerAction } from "../../../kit/useServerAction";

/**
 * An administrator removes a user's second factor (a lost phone): audited, the user's
 * sessions end, and they enrol again at their next login. Asks first.
 */
export function ResetTwoFactorButton() {
  const record = useRecordContext<{
    id: number;
    loginName: string;
    twoFactorEnabled?: boolean;
  }>();
  const { permissions } = usePermissions<string[]>();
  const translate = useTranslate();
  const { busy, run } = useServerAction();
  const [open, setOpen] = useState(false);
  if (!record?.twoFactorEnabled) return null;
  if (!permissions?.includes("user:resetTwoFactor")) return null;
  const confirm = () =>
    run(
      async () => {
        await systemClient.post(`system/users/${record.id}/two-factor/reset`);
        return {
          message: "system.users.two_factor_reset_done",
          type: "success",
        };
      },
      () => setOpen(false),
    );
  return (
    <>
      <Button
        label={translate("system.users.reset_two_factor")}
        onClick={() => setOpen(true)}
      />
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate("system.users.reset_two_factor")}
        content={translate("system.users.reset_two_factor_confirm", {
          name: record.loginName,
        })}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

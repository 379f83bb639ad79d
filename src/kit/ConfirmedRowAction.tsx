import {
  Button,
  Confirm,
  useNotify,
  usePermissions,
  useRefresh,
  useTranslate,
} from "react-admin";
import { useState, type ReactElement } from "react";
import { hasPermission } from "./permissions";

/**
 * A row's one action behind a confirmation (force a session out, resend a message): shown
 * only to a holder of `permission`; on confirm it runs `run`, says `done`, and refreshes the
 * list. A refusal's notice is the client's (the server's own reason).
 */
export function ConfirmedRowAction({
  permission,
  label,
  icon,
  title,
  content,
  done,
  run,
}: {
  permission: string;
  label: string;
  icon: ReactElement;
  title: string;
  content: string;
  done: string;
  run: () => Promise<unknown>;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { permissions } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!hasPermission(permissions, permission)) return null;
  return (
    <>
      <Button
        label={label}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {icon}
      </Button>
      <Confirm
        isOpen={open}
        title={title}
        content={content}
        onConfirm={async () => {
          setOpen(false);
          try {
            await run();
            notify(translate(done), { type: "success" });
          } catch {
            // The client has shown the server's message.
          }
          refresh();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

import { useEffect, useMemo } from "react";
import {
  Notification,
  NotificationContext,
  useNotificationContext,
  useNotify,
  type NotificationContextType,
  type NotificationPayload,
} from "react-admin";
import { ERROR_NOTICE_MS } from "../../common/constants";
import { connectNoticeSink, wasShownRecently } from "../http/shellBridge";

/**
 * Hands the /tjc client's notices to react-admin's notification queue, so there is one
 * place notices appear. Server messages are already sentences in the user's language, so
 * they go through translate() only as their own default.
 */
export function NoticeBridge() {
  const notify = useNotify();
  useEffect(
    () =>
      connectNoticeSink((notice) =>
        notify(notice.message, {
          type: notice.type,
          autoHideDuration: notice.durationMs,
          // The marker rides in messageArgs: other options are spread onto the DOM.
          messageArgs: { _: notice.message, fromClient: true },
        }),
      ),
    [notify],
  );
  return null;
}

/**
 * react-admin's notification, with two adjustments: error notices stay 3 s (spec section
 * 8), and when react-admin repeats an error the /tjc client has just shown (a failed save
 * notifies again with the same message), the copy never reaches the screen.
 */
export function AppNotification() {
  const context = useNotificationContext();
  const { notifications, setNotifications } = context;
  const filtered = useMemo<NotificationContextType>(() => {
    const isCopy = (n: NotificationPayload) =>
      !n.notificationOptions?.messageArgs?.fromClient &&
      typeof n.message === "string" &&
      wasShownRecently(n.message);
    const shown = notifications.filter((n) => !isCopy(n));
    return {
      ...context,
      notifications: shown,
      takeNotification: () => {
        const [first] = shown;
        setNotifications((queue) =>
          queue.filter((n) => n !== first && !isCopy(n)),
        );
        return first;
      },
    };
  }, [context, notifications, setNotifications]);
  return (
    <NotificationContext.Provider value={filtered}>
      <Notification autoHideDuration={ERROR_NOTICE_MS} />
    </NotificationContext.Provider>
  );
}

import type { Kysely } from "kysely";
import type { Language } from "../../../common/codes.js";
import type { Database } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { verifyUnsubscribe } from "./signing.js";

export type UnsubscribeState =
  "ready" | "done" | "already" | "invalid" | "expired" | "used";

/**
 * What a link can do: "ready" (GET: it would unsubscribe), "already" (the member gets no
 * notice mail now), or why it does not work. A link is used up once the member's choice
 * changed after it was sent (by this link, another, or their settings).
 */
export async function unsubscribeState(
  db: Kysely<Database>,
  token: unknown,
  now = Date.now(),
): Promise<{ state: UnsubscribeState; userId?: number }> {
  const check = await verifyUnsubscribe(db, token, now);
  if (!check.ok) return { state: check.reason };
  const member = await db
    .selectFrom("memberProfiles")
    .select(["noticeMail", "noticeMailChangedAt"])
    .where("userId", "=", check.userId)
    .executeTakeFirst();
  if (!member) return { state: "invalid" };
  if (member.noticeMail === "never") return { state: "already" };
  if (
    member.noticeMailChangedAt !== null &&
    Date.parse(member.noticeMailChangedAt) > check.issuedAt
  )
    return { state: "used" };
  return { state: "ready", userId: check.userId };
}

/** POST: turns notice mail off for the link's member. Safe to repeat. */
export async function unsubscribe(
  db: Kysely<Database>,
  token: unknown,
  now = Date.now(),
): Promise<UnsubscribeState> {
  const { state, userId } = await unsubscribeState(db, token, now);
  if (state !== "ready") return state;
  await db
    .updateTable("memberProfiles")
    .set({ noticeMail: "never", noticeMailChangedAt: nowIso(now) })
    .where("userId", "=", userId!)
    .execute();
  return "done";
}

/** The page's words for each state, in both languages. */
export const UNSUBSCRIBE_TEXT: Record<
  Language,
  Record<UnsubscribeState, { title: string; text: string }> & {
    button: string;
    back: string;
    preferences: string;
  }
> = {
  "zh-CN": {
    ready: {
      title: "不再接收通知邮件？",
      text: "确认后，我们不再用邮件通知您问答区的动态。站内通知照常保留，您随时可以在设置中重新开启。",
    },
    done: {
      title: "已退订通知邮件",
      text: "您不会再收到通知邮件。站内通知照常保留，您随时可以在设置中重新开启。",
    },
    already: {
      title: "您已退订通知邮件",
      text: "您目前不接收通知邮件，无需再次退订。",
    },
    invalid: {
      title: "退订链接无效",
      text: "这个链接不完整或已被改动。请使用最新邮件中的链接，或登录后在设置中更改。",
    },
    expired: {
      title: "退订链接已过期",
      text: "这个链接已超过有效期。请使用最新邮件中的链接，或登录后在设置中更改。",
    },
    used: {
      title: "退订链接已使用",
      text: "这封邮件发出后，您的通知邮件设置已经改过。请登录后在设置中查看和更改。",
    },
    button: "退订通知邮件",
    back: "返回问答区",
    preferences: "通知邮件设置",
  },
  "en-US": {
    ready: {
      title: "Stop notice e-mails?",
      text: "Once you confirm, we stop e-mailing you about the community. Your notices stay in the site, and you can turn e-mail back on in your settings at any time.",
    },
    done: {
      title: "You are unsubscribed",
      text: "You will get no more notice e-mails. Your notices stay in the site, and you can turn e-mail back on in your settings at any time.",
    },
    already: {
      title: "You are already unsubscribed",
      text: "You get no notice e-mails now; there is nothing to stop.",
    },
    invalid: {
      title: "This unsubscribe link is not valid",
      text: "The link is incomplete or was changed. Use the link in your latest message, or log in and change it in your settings.",
    },
    expired: {
      title: "This unsubscribe link has expired",
      text: "The link is too old. Use the link in your latest message, or log in and change it in your settings.",
    },
    used: {
      title: "This unsubscribe link was already used",
      text: "Your notice e-mail choice changed after this message was sent. Log in to see and change it in your settings.",
    },
    button: "Unsubscribe",
    back: "Back to the community",
    preferences: "Notice e-mail settings",
  },
};

/** The HTTP status each state is answered with: a broken link is not a server error. */
export const UNSUBSCRIBE_STATUS: Record<UnsubscribeState, number> = {
  ready: 200,
  done: 200,
  already: 200,
  invalid: 400,
  expired: 410,
  used: 410,
};

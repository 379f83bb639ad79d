import type { Language } from "../../../common/codes.js";
import type { NoticeActor } from "../../../common/schemas/ask.js";
import { translate } from "../../../public-site/i18n.js";
import { noticeHref } from "../../../public-site/pages/MinePage.js";
import { escapeHtml, type RenderedMail } from "../../mail/templates.js";

/** The notices that may go by e-mail (issue 24 item 4); the others stay in the site. */
export const MAILED_KINDS = [
  "answered",
  "accepted",
  "recommended",
  "hidden",
  "reportHandled",
] as const;
export type MailedKind = (typeof MAILED_KINDS)[number];

/** One notice as a message lists it. `actor` is already masked (noticeActors). */
export interface MailNotice {
  id: number;
  kind: MailedKind;
  questionId: number | null;
  answerId: number | null;
  questionTitle: string | null;
  count: number;
  actor: NoticeActor | null;
}

export interface MailLinks {
  origin: string;
  /** The signed one-click link (List-Unsubscribe and the footer). */
  unsubscribe: string;
}

const TEXT: Record<
  Language,
  {
    instant: (site: string) => string;
    digest: (site: string, count: number) => string;
    intro: (site: string, count: number) => string;
    heading: Record<MailedKind, string>;
    from: string;
    open: string;
    footer: string;
    preferences: string;
    unsubscribe: string;
  }
> = {
  "zh-CN": {
    instant: (site) => `${site}：新通知`,
    digest: (site, count) => `${site}：您有 ${count} 条新通知`,
    intro: (site, count) =>
      `自上次邮件以来，您在 ${site} 有 ${count} 条新通知：`,
    heading: {
      answered: "新回答",
      accepted: "被采纳",
      recommended: "被选为精选",
      hidden: "被隐藏的内容",
      reportHandled: "举报处理结果",
    },
    from: "来自",
    open: "打开",
    footer: "您收到这封邮件，是因为您选择了用邮件接收通知。",
    preferences: "更改接收方式",
    unsubscribe: "不再接收通知邮件",
  },
  "en-US": {
    instant: (site) => `${site}: a new notice`,
    digest: (site, count) =>
      `${site}: ${count} new ${count === 1 ? "notice" : "notices"}`,
    intro: (site, count) =>
      `Since our last message, you have ${count} new ${count === 1 ? "notice" : "notices"} on ${site}:`,
    heading: {
      answered: "New answers",
      accepted: "Accepted",
      recommended: "Recommended",
      hidden: "Hidden posts",
      reportHandled: "Reports handled",
    },
    from: "from",
    open: "Open",
    footer:
      "You get this message because you chose to receive notices by e-mail.",
    preferences: "Change how you get them",
    unsubscribe: "Stop these e-mails",
  },
};

/** The page where a member chooses (the community's own, behind their login). */
export const PREFERENCES_PATH = "/ask?view=mail";

/** A notice's line, in the words the site's own list uses. */
function line(language: Language, notice: MailNotice): string {
  const key =
    notice.count > 1 ? `notice.${notice.kind}_many` : `notice.${notice.kind}`;
  const text = translate(language, key, {
    title: notice.questionTitle ?? "",
    count: notice.count,
  });
  return notice.actor
    ? `${text} (${TEXT[language].from} ${notice.actor.userName})`
    : text;
}

function href(origin: string, notice: MailNotice): string {
  return notice.questionId === null
    ? `${origin}/ask?view=mine`
    : `${origin}${noticeHref({ questionId: notice.questionId, answerId: notice.answerId } as never)}`;
}

/**
 * One message for a member's notices: one notice at once, or a digest grouped by kind.
 * Plain text and HTML, in `language`, with the site's name and the unsubscribe link.
 */
export function noticeMail(
  language: Language,
  siteName: string,
  notices: MailNotice[],
  links: MailLinks,
  digest: boolean,
): RenderedMail {
  const words = TEXT[language];
  const total = notices.length;
  const subject = digest
    ? words.digest(siteName, total)
    : words.instant(siteName);
  const groups = MAILED_KINDS.map((kind) => ({
    kind,
    items: notices.filter((notice) => notice.kind === kind),
  })).filter((group) => group.items.length > 0);
  const preferences = `${links.origin}${PREFERENCES_PATH}`;
  const textParts = [digest ? words.intro(siteName, total) : ""];
  let html = digest ? `<p>${escapeHtml(words.intro(siteName, total))}</p>` : "";
  for (const group of groups) {
    if (digest) textParts.push(`## ${words.heading[group.kind]}`);
    if (digest)
      html += `<h2 style="font-size:1.1em">${escapeHtml(words.heading[group.kind])}</h2>`;
    html += "<ul>";
    for (const notice of group.items) {
      const url = href(links.origin, notice);
      textParts.push(`- ${line(language, notice)}\n  ${url}`);
      html += `<li><a href="${escapeHtml(url)}">${escapeHtml(line(language, notice))}</a></li>`;
    }
    html += "</ul>";
  }
  textParts.push(
    "--",
    words.footer,
    `${words.preferences}: ${preferences}`,
    `${words.unsubscribe}: ${links.unsubscribe}`,
  );
  const page = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.6;color:#222">${html}<p style="color:#666;font-size:0.9em">${escapeHtml(words.footer)}<br><a href="${escapeHtml(preferences)}">${escapeHtml(words.preferences)}</a> · <a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(words.unsubscribe)}</a></p></body></html>`;
  return {
    subject,
    text: textParts.filter(Boolean).join("\n\n"),
    html: page,
  };
}

/** The headers of RFC 2369 and RFC 8058: mail clients show a one-click unsubscribe. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

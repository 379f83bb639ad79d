import type { Language } from "../../common/codes.js";

/**
 * Where a message's one-time secret goes in its stored body. The outbox keeps the secret
 * apart (`mail_outbox.secret`) and puts it in only when sending, so the stored text, the
 * admin's outbox and any copy of the table hold no usable link once it is erased.
 */
export const SECRET_SLOT = "%%LAMPSTAND_SECRET%%";

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The site's name when the setting is empty. */
export function defaultSiteName(language: Language): string {
  return language === "en-US" ? "Lampstand" : "灯台";
}

/** Plain text paragraphs and one link, as text and as simple HTML. */
function compose(
  language: Language,
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
  footer: string,
): RenderedMail {
  const text = [...paragraphs, link.url, "", footer].join("\n\n");
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.6;color:#222">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join(
      "",
    )}<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p><p style="color:#666;font-size:0.9em">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}

/**
 * The password-reset message, in the recipient's language. `url` is the page's address
 * with `SECRET_SLOT` where the token goes.
 */
export function passwordResetMail(
  language: Language,
  siteName: string,
  loginName: string,
  url: string,
  minutes: number,
): RenderedMail {
  if (language === "en-US") {
    return compose(
      language,
      `${siteName}: reset your password`,
      [
        `Someone (we hope you) asked to reset the password of the account "${loginName}" on ${siteName}.`,
        `Open this link within ${minutes} ${minutes === 1 ? "minute" : "minutes"} to choose a new password. It works once, and every device signed in to the account is signed out.`,
      ],
      { label: "Choose a new password", url },
      "If you did not ask for this, ignore this message: your password stays as it is.",
    );
  }
  return compose(
    language,
    `${siteName}：重设密码`,
    [
      `有人（希望是您本人）请求重设 ${siteName} 上账号“${loginName}”的密码。`,
      `请在 ${minutes} 分钟内打开下面的链接设置新密码。链接只能使用一次，使用后该账号在所有设备上的登录都会退出。`,
    ],
    { label: "设置新密码", url },
    "如果这不是您的请求，请忽略本邮件，您的密码不会改变。",
  );
}

/**
 * The message that confirms an address, in the recipient's language: after sign-up, or
 * for a new address the account asked for. `url` has `SECRET_SLOT` where the token goes.
 */
export function emailVerificationMail(
  language: Language,
  siteName: string,
  loginName: string,
  url: string,
  hours: number,
  change: boolean,
): RenderedMail {
  if (language === "en-US") {
    return compose(
      language,
      `${siteName}: confirm your e-mail address`,
      [
        change
          ? `The account "${loginName}" on ${siteName} asked to use this address from now on.`
          : `Welcome to ${siteName}! The account "${loginName}" was signed up with this address.`,
        `Open this link within ${hours} ${hours === 1 ? "hour" : "hours"} to confirm that the address is yours. It works once.`,
      ],
      { label: "Confirm my address", url },
      "If you did not ask for this, ignore this message: nothing changes.",
    );
  }
  return compose(
    language,
    `${siteName}：验证您的邮箱地址`,
    [
      change
        ? `${siteName} 上的账号“${loginName}”请求今后使用这个邮箱地址。`
        : `欢迎来到 ${siteName}！账号“${loginName}”用这个邮箱地址注册。`,
      `请在 ${hours} 小时内打开下面的链接，确认这个地址属于您。链接只能使用一次。`,
    ],
    { label: "确认我的邮箱", url },
    "如果这不是您的请求，请忽略本邮件，什么都不会改变。",
  );
}

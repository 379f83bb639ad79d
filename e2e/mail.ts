import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseMail, tokenFromMail } from "../server/test/smtp";

/** One message the e2e server sent over SMTP to the mail sink of scripts/e2e.mjs. */
export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The message's header block, folded lines joined (List-Unsubscribe, …). */
  headers: string;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir)
    throw new Error("E2E_MAIL_DIR is not set: run through scripts/e2e.mjs");
  return dir;
}

function read(file: string): SentMail {
  const raw = readFileSync(join(mailDir(), file), "utf8");
  const head = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  const to = /^to:\s*(.*)$/im.exec(head)?.[1] ?? "";
  return { to, headers: head, ...parseMail(raw) };
}

/**
 * Waits for the newest message to `address` (whose subject matches `subject`, when given:
 * a member who signed up with an address also got its confirmation), as a person waits
 * for their inbox.
 */
export async function waitForMail(
  address: string,
  timeoutMs = 15_000,
  subject?: RegExp,
): Promise<SentMail> {
  const until = Date.now() + timeoutMs;
  const wanted = address.toLowerCase();
  for (;;) {
    const files = readdirSync(mailDir()).sort().reverse();
    for (const file of files) {
      const mail = read(file);
      if (
        mail.to.toLowerCase().includes(wanted) &&
        (!subject || subject.test(mail.subject))
      )
        return mail;
    }
    if (Date.now() > until)
      throw new Error(
        `no message to ${address} within ${timeoutMs} ms (${files.length} in the sink: ${files
          .slice(0, 3)
          .map((file) => read(file).to)
          .join(", ")})`,
      );
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The link in a message that carries a `token` query parameter. */
export function linkFromMail(mail: SentMail): string {
  const token = tokenFromMail(mail.text);
  const link = /https?:\/\/\S+?[?&]token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!token || !link) throw new Error(`no token link in: ${mail.text}`);
  return link;
}

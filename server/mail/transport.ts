import type { Transporter } from "nodemailer";

/** What the outbox needs from a mail transport (nodemailer's, or a test's). */
export interface MailTransport {
  send(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    headers?: Record<string, string>;
  }): Promise<void>;
  close(): void;
}

/** How long an SMTP server may take before the attempt fails (and is retried later). */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/**
 * A nodemailer SMTP transport for SMTP_URL, with timeouts so a slow server fails the try.
 * nodemailer (~0.3 MB of source) loads with the first message, not at start.
 */
export function smtpTransport(url: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  const open = () =>
    (transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport(url, { ...SMTP_TIMEOUTS } as never),
    ));
  return {
    async send(message) {
      await (await open()).sendMail(message);
    },
    close: () => {
      void transporter?.then(
        (opened) => opened.close(),
        () => {},
      );
    },
  };
}

/**
 * An error as the outbox records it: code, server answer and message, with the SMTP
 * password (and any other secret given) taken out.
 */
export function describeMailError(
  error: unknown,
  secrets: (string | null | undefined)[],
): string {
  const e = error as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  const parts = [
    e?.code,
    e?.responseCode ? String(e.responseCode) : undefined,
    e?.message ?? String(error),
    e?.response && !e.message?.includes(e.response) ? e.response : undefined,
  ].filter(Boolean);
  let text = parts.join(" ");
  for (const secret of secrets) {
    if (secret && secret.length >= 3) text = text.split(secret).join("***");
  }
  return text.slice(0, 2000);
}

/** Whether an SMTP error will not go away by trying again (a 5xx answer: refused). */
export function isPermanentMailError(error: unknown): boolean {
  const code = (error as { responseCode?: number })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The password in an SMTP URL, to keep it out of logs and recorded errors. */
export function smtpPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = new URL(url).password;
    return password ? decodeURIComponent(password) : undefined;
  } catch {
    return undefined;
  }
}

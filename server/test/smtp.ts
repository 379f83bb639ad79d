import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the local SMTP server received it, decoded enough to read. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text/plain and text/html parts, transfer-decoded. */
  text: string;
  html: string;
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i
    .exec(headers)?.[1]
    ?.toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** Decodes an encoded-word subject (=?UTF-8?B?…?= / =?UTF-8?Q?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?utf-8\?([bq])\?([^?]*)\?=/gi,
      (_, kind: string, text: string) =>
        kind.toLowerCase() === "b"
          ? Buffer.from(text, "base64").toString("utf8")
          : Buffer.from(
              text
                .replace(/_/g, " ")
                .replace(/=([0-9A-F]{2})/gi, (__, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                ),
              "latin1",
            ).toString("utf8"),
    );
}

/** Reads nodemailer's output: a multipart/alternative message with a text and an HTML part. */
export function parseMail(
  raw: string,
): Pick<ReceivedMail, "subject" | "text" | "html"> {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\r\n\r\n");
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? "");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  let text = "";
  let html = "";
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1)
    : [`${head}\r\n\r\n${body}`];
  for (const part of parts) {
    const split = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const headers = split[0] ?? "";
    const content = decodePart(headers, split.slice(1).join("\r\n\r\n"));
    if (/content-type:\s*text\/html/i.test(headers)) html = content;
    else if (/content-type:\s*text\/plain/i.test(headers)) text = content;
  }
  return { subject, text, html };
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Resolves once `count` messages have arrived (or rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (any free port) that keeps what it receives. Addresses
 * in `refuse` are refused at RCPT TO with 550, as a mail server refuses an unknown user.
 */
export async function startTestSmtp(
  options: { refuse?: string[]; onMessage?: (mail: ReceivedMail) => void } = {},
): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const refuse = new Set(
    (options.refuse ?? []).map((address) => address.toLowerCase()),
  );
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = new Error("mailbox unavailable") as Error & {
          responseCode: number;
        };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom
            ? session.envelope.mailFrom.address
            : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
        };
        received.push(mail);
        options.onMessage?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve()),
  );
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://mailer:s3cret-pass@127.0.0.1:${port}`,
    port,
    received,
    async waitFor(count, ms = 10_000) {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(
            `expected ${count} messages, got ${received.length} within ${ms} ms`,
          );
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `token` query parameter of the first link in a text. */
export function tokenFromMail(text: string): string | undefined {
  const match = /https?:\/\/\S+?(?:[?&]|&amp;)token=([A-Za-z0-9_-]+)/.exec(
    text,
  );
  return match?.[1];
}

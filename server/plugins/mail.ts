import fp from "fastify-plugin";
import { MailWorker } from "../mail/outbox.js";
import { smtpPassword, smtpTransport } from "../mail/transport.js";

/**
 * This instance's outbox sender (`app.mail`), started when the app is ready if SMTP_URL is
 * set, stopped before the store closes. Without SMTP_URL messages wait in the outbox
 * (docs/operations.md, "E-mail").
 */
export const mailPlugin = fp(
  async (app) => {
    const { smtpUrl, from, tickMs } = app.config.mail;
    const worker = new MailWorker({
      db: () => app.store.db,
      transport: smtpUrl ? smtpTransport(smtpUrl) : undefined,
      from,
      tickMs,
      redact: [smtpPassword(smtpUrl)],
      log: app.log,
    });
    app.decorate("mail", worker);
    app.addHook("onReady", async () => worker.start());
    app.addHook("preClose", async () => worker.stop());
  },
  { name: "mail", dependencies: ["store"] },
);

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  listQuery,
  rejectsWithoutSessionAndPermission,
} from "../../test/system.js";
import { startTestSmtp, type TestSmtp } from "../../test/smtp.js";
import { enqueueMail, MailWorker } from "../../mail/outbox.js";
import { SECRET_SLOT } from "../../mail/templates.js";
import { smtpTransport } from "../../mail/transport.js";

const SECRET = "Zq9-the-one-time-secret-4711";

async function queue(t: TestApp, to: string, secret?: string) {
  return t.app.store.transaction((trx) =>
    enqueueMail(trx, {
      kind: "test",
      to,
      language: "en-US",
      subject: `Hello ${to}`,
      text: `Open http://site.test/x?token=${secret ? SECRET_SLOT : "none"}`,
      html: `<a href="http://site.test/x?token=${secret ? SECRET_SLOT : "none"}">x</a>`,
      ...(secret
        ? {
            secret: {
              value: secret,
              expiresAt: new Date(Date.now() + 60_000).toISOString(),
            },
          }
        : {}),
    }),
  );
}

async function row(t: TestApp, id: number) {
  return t.app.store.db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
}

describe("mail outbox on a real SMTP server", () => {
  let smtp: TestSmtp;
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    smtp = await startTestSmtp({ refuse: ["nobody@refused.test"] });
    t = await buildTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: "Site <a@b.test>",
    });
    admin = await t.loginAs("admin");
    editor = await t.loginAs("editor");
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe("GET /tjc/system/outbox", () => {
    rejectsWithoutSessionAndPermission(
      () => t,
      () => editor,
      "GET",
      "/tjc/system/outbox",
    );
  });
  describe("POST /tjc/system/outbox/:id/resend", () => {
    rejectsWithoutSessionAndPermission(
      () => t,
      () => editor,
      "POST",
      "/tjc/system/outbox/1/resend",
    );
  });

  test("a queued message is sent with its secret, then the secret is erased and never shown", async () => {
    const before = smtp.received.length;
    const id = await queue(t, "one@site.test", SECRET);
    t.app.mail.kick();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual(["one@site.test"]);
    expect(mail!.from).toBe("a@b.test");
    expect(mail!.text).toContain(`token=${SECRET}`);
    expect(mail!.html).toContain(`token=${SECRET}`);
    await t.app.mail.tick();
    const stored = await row(t, id);
    expect(stored.status).toBe("sent");
    expect(stored.attempts).toBe(1);
    expect(stored.sentAt).not.toBeNull();
    expect(stored.secret).toBeNull();
    expect(JSON.stringify(stored)).not.toContain(SECRET);

    const list = await t.request({
      method: "GET",
      url: `/tjc/system/outbox?${listQuery({ filter: { recipient: "ONE@site" } })}`,
      token: admin,
    });
    expect(list.json().code, list.body).toBe(0);
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.list[0]).toMatchObject({
      id,
      recipient: "one@site.test",
      status: "sent",
    });
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain("token=");
    const one = await t.request({
      method: "GET",
      url: `/tjc/system/outbox/${id}`,
      token: admin,
    });
    expect(one.json().code, one.body).toBe(0);
    expect(one.body).not.toContain("textBody");
    expect(one.body).not.toContain("token=");
  });

  test("a refused recipient fails at once with the server's reason, and the request is not blocked", async () => {
    const id = await queue(t, "nobody@refused.test");
    await t.app.mail.tick();
    const stored = await row(t, id);
    expect(stored.status).toBe("failed");
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toMatch(/550/);
    const failed = await t.request({
      method: "GET",
      url: `/tjc/system/outbox?${listQuery({ filter: { status: "failed" } })}`,
      token: admin,
    });
    expect(failed.json().data.list.map((m: { id: number }) => m.id)).toEqual([
      id,
    ]);
    expect(failed.json().data.list[0].lastError).toMatch(/550/);
  });

  test("resend queues a message again, is audited, and it is delivered", async () => {
    const id = await queue(t, "again@site.test");
    await t.app.mail.tick();
    const before = smtp.received.length;
    const response = await t.request({
      method: "POST",
      url: `/tjc/system/outbox/${id}/resend`,
      token: admin,
    });
    expect(response.json().code, response.body).toBe(0);
    expect(response.json().data).toMatchObject({ id, status: "pending" });
    await smtp.waitFor(before + 1);
    expect(smtp.received.at(-1)!.to).toEqual(["again@site.test"]);
    await t.app.mail.tick();
    expect((await row(t, id)).status).toBe("sent");
    const audit = await t.app.store.db
      .selectFrom("auditLogs")
      .selectAll()
      .where("resource", "=", "system/outbox")
      .where("recordId", "=", String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["resend"]);

    const missing = await t.request({
      method: "POST",
      url: `/tjc/system/outbox/999999/resend`,
      token: admin,
    });
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });

  test("a message whose one-time link is gone cannot be resent (bilingual 40900)", async () => {
    const id = await queue(t, "gone@site.test", SECRET);
    await t.app.mail.tick();
    expect((await row(t, id)).secret).toBeNull();
    for (const [language, text] of [
      ["zh-CN", "无法重新发送"],
      ["en-US", "cannot be resent"],
    ] as const) {
      const response = await t.request({
        method: "POST",
        url: `/tjc/system/outbox/${id}/resend`,
        token: admin,
        language,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe(Code.CONFLICT);
      expect(response.json().message).toContain(text);
    }
  });

  test("three instances send each message once", async () => {
    const before = smtp.received.length;
    const ids: number[] = [];
    for (let i = 0; i < 12; i += 1)
      ids.push(await queue(t, `many-${i}@site.test`));
    const workers = ["a", "b", "c"].map(
      (name) =>
        new MailWorker({
          db: () => t.app.store.db,
          transport: smtpTransport(smtp.url),
          from: "x@site.test",
          tickMs: 1000,
          instance: `instance-${name}`,
        }),
    );
    await Promise.all(workers.flatMap((w) => [w.tick(), w.tick()]));
    await Promise.all(workers.map((w) => w.tick()));
    await Promise.all(workers.map((w) => w.stop()));
    const got = smtp.received.slice(before).map((m) => m.to[0]);
    expect(got.sort()).toEqual(ids.map((_, i) => `many-${i}@site.test`).sort());
  });
});

describe("mail outbox with the SMTP server down", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    // A port that was just free: nothing listens there.
    const probe = await startTestSmtp();
    const port = probe.port;
    await probe.close();
    t = await buildTestApp({
      SMTP_URL: `smtp://mailer:hunter2-secret@127.0.0.1:${port}`,
    });
    admin = await t.loginAs("admin");
  });
  afterAll(async () => {
    await t.close();
  });

  test("the message stays queued with the reason and a later try; the password is never recorded", async () => {
    const id = await queue(t, "down@site.test");
    await t.app.mail.tick();
    const stored = await row(t, id);
    expect(stored.status).toBe("pending");
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(stored.lastError).not.toContain("hunter2-secret");
    expect(Date.parse(stored.nextAttemptAt)).toBeGreaterThan(
      Date.now() + 20_000,
    );
    // Not due yet: another pass does not try again.
    await t.app.mail.tick();
    expect((await row(t, id)).attempts).toBe(1);
    const dashboard = await t.request({
      method: "GET",
      url: "/tjc/system/dashboard",
      token: admin,
    });
    expect(dashboard.json().data.mail).toEqual({
      configured: true,
      pending: 1,
      failed: 0,
    });
  });
});

describe("mail outbox without SMTP_URL", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.loginAs("admin");
  });
  afterAll(async () => {
    await t.close();
  });

  test("messages wait in the outbox and the dashboard says e-mail is not configured", async () => {
    const id = await queue(t, "wait@site.test");
    t.app.mail.kick();
    await t.app.mail.tick();
    expect((await row(t, id)).status).toBe("pending");
    expect((await row(t, id)).attempts).toBe(0);
    const dashboard = await t.request({
      method: "GET",
      url: "/tjc/system/dashboard",
      token: admin,
    });
    expect(dashboard.json().data.mail).toEqual({
      configured: false,
      pending: 1,
      failed: 0,
    });
  });
});

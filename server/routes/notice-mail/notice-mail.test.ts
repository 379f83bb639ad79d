import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { nowIso } from "../../db/dialect.js";
import { notify } from "../../services/ask-notifications.js";
import { runWithNoticeMailContext } from "../../services/notification-mail/context.js";
import {
  noticeDigest,
  sendDueDigests,
} from "../../services/notification-mail/digest.js";
import { JOB_LOG_KEYS } from "../../../common/job-messages.js";
import { signUnsubscribe } from "../../services/notification-mail/signing.js";
import { UNSUBSCRIBE_PATH } from "../../services/notification-mail/send.js";
import { UNSUBSCRIBES_PER_MINUTE } from "../../services/notification-mail/pages.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { startTestSmtp, type TestSmtp } from "../../test/smtp.js";
import { askKit } from "../ask/ask-test-kit.js";
import { NOTICE_MAIL_CHANGES_PER_MINUTE } from "./index.js";

const ORIGIN = "https://site.example";
const HOUR = 3600_000;
let smtp: TestSmtp;
let t: TestApp;
let kit: ReturnType<typeof askKit>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_ORIGIN: ORIGIN,
    REQUIRE_VERIFIED_EMAIL: "false",
    MAIL_TICK_MS: "100",
  });
  kit = askKit(t);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** A member with a community profile, an address, a language and a choice. */
async function member(
  noticeMail: string | null = null,
  language = "en-US",
  userName?: string,
) {
  const token = await t.loginAs("member");
  const userId = await kit.userIdOf(token);
  const email = `m-${randomBytes(4).toString("hex")}@example.test`;
  await t.app.store.db
    .updateTable("users")
    .set({ language, ...(userName ? { userName } : {}) })
    .where("id", "=", userId)
    .execute();
  await t.app.store.db
    .insertInto("memberProfiles")
    .values({
      userId,
      email,
      signupIp: "127.0.0.1",
      createdAt: nowIso(),
      emailVerifiedAt: nowIso(),
      pendingEmail: null,
      noticeMailChangedAt: null,
      noticeDigestAt: null,
      ...(noticeMail ? { noticeMail } : {}),
    })
    .execute();
  return { token, userId, email };
}

const outboxTo = (email: string) =>
  t.app.store.db
    .selectFrom("mailOutbox")
    .selectAll()
    .where("recipient", "=", email)
    .orderBy("id")
    .execute();

const choose = (
  token: string | undefined,
  noticeMail: unknown,
  language = "en-US",
) =>
  t.request({
    method: "PUT",
    url: "/tjc/ask/notice-mail",
    token,
    language,
    payload: { noticeMail },
  });

describe("GET/PUT /tjc/ask/notice-mail", () => {
  test("rejects without a session", async () => {
    for (const method of ["GET", "PUT"] as const) {
      const response = await t.request({
        method,
        url: "/tjc/ask/notice-mail",
        payload: method === "PUT" ? { noticeMail: "never" } : undefined,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(Code.SESSION_EXPIRED);
    }
  });

  test("rejects without permission: an account with no community profile (staff) has no choice to read or make", async () => {
    const staff = await t.loginAs("admin");
    const read = await t.request({
      method: "GET",
      url: "/tjc/ask/notice-mail",
      token: staff,
    });
    expect(read.json().code).toBe(Code.NOT_FOUND);
    expect((await choose(staff, "never")).json().code).toBe(Code.NOT_FOUND);
  });

  test("weekly is the default; a choice is kept; an unknown one is refused at its field in the caller's language", async () => {
    const m = await member();
    const read = await t.request({
      method: "GET",
      url: "/tjc/ask/notice-mail",
      token: m.token,
    });
    expect(read.json().data).toEqual({ noticeMail: "weekly", email: m.email });
    for (const bad of ["hourly", "", 3, null]) {
      const refused = await choose(m.token, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe(Code.VALIDATION);
      expect(Object.keys(refused.json().data.errors)).toEqual(["noticeMail"]);
    }
    const zh = await choose(m.token, "monthly", "zh-CN");
    expect(zh.json().message).toMatch(/[\u4e00-\u9fff]/);
    const daily = await choose(m.token, "daily");
    expect(daily.json()).toMatchObject({
      code: 0,
      data: { noticeMail: "daily" },
    });
  });

  test("the same choice sent twice (a double submit) changes nothing the second time", async () => {
    const m = await member();
    await choose(m.token, "instant");
    const first = await t.app.store.db
      .selectFrom("memberProfiles")
      .select("noticeMailChangedAt")
      .where("userId", "=", m.userId)
      .executeTakeFirstOrThrow();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await choose(m.token, "instant");
    expect(again.json().code).toBe(0);
    const second = await t.app.store.db
      .selectFrom("memberProfiles")
      .select("noticeMailChangedAt")
      .where("userId", "=", m.userId)
      .executeTakeFirstOrThrow();
    expect(second.noticeMailChangedAt).toBe(first.noticeMailChangedAt);
  });

  test(`is limited to ${NOTICE_MAIL_CHANGES_PER_MINUTE} changes a minute`, async () => {
    const m = await member();
    const codes: number[] = [];
    for (let i = 0; i <= NOTICE_MAIL_CHANGES_PER_MINUTE; i += 1) {
      codes.push(
        (await choose(m.token, i % 2 ? "daily" : "weekly")).json().code,
      );
    }
    expect(
      codes.slice(0, NOTICE_MAIL_CHANGES_PER_MINUTE).every((c) => c === 0),
    ).toBe(true);
    expect(codes.at(-1)).toBe(Code.TOO_MANY_REQUESTS);
  });
});

describe("at once", () => {
  test("an answer to an 'at once' member's question queues one message with the unsubscribe headers, sent over SMTP", async () => {
    const asker = await member("instant");
    const helper = await member(
      "never",
      "en-US",
      `Brother Helper ${randomBytes(2).toString("hex")}`,
    );
    const question = await kit.ask(asker.token);
    await kit.answer(helper.token, question.id);
    const rows = await outboxTo(asker.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe("notice");
    expect(rows[0]!.subject).toMatch(/a new notice/);
    expect(rows[0]!.textBody).toContain(
      `${ORIGIN}/topicDetail?id=${question.id}`,
    );
    const headers = JSON.parse(rows[0]!.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(headers["List-Unsubscribe"]).toMatch(
      new RegExp(
        `^<${ORIGIN}${UNSUBSCRIBE_PATH}\\?token=\\d+_\\d+_[\\w-]{32}>$`,
      ),
    );
    const notice = await t.app.store.db
      .selectFrom("askNotifications")
      .select("mailedAt")
      .where("userId", "=", asker.userId)
      .executeTakeFirstOrThrow();
    expect(notice.mailedAt).not.toBeNull();
    // The worker sends it to the real SMTP server, headers and all.
    const until = Date.now() + 10_000;
    while (!smtp.received.some((m) => m.to.includes(asker.email))) {
      if (Date.now() > until) throw new Error("not delivered");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const raw = smtp.received
      .find((m) => m.to.includes(asker.email))!
      .raw.replace(/\r?\n[ \t]+/g, " ");
    expect(raw).toMatch(
      /^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m,
    );
    expect(raw).toMatch(
      /^List-Unsubscribe: <https:\/\/site\.example\/mail\/unsubscribe\?token=/m,
    );
    // The helper chose "never": their own notices (none here) and nothing else reach them.
    expect(await outboxTo(helper.email)).toHaveLength(0);
  });

  test("is written in the event's transaction: a rolled-back event leaves no message", async () => {
    const asker = await member("instant");
    const question = await kit.ask(asker.token);
    const request = {
      ip: "127.0.0.1",
      protocol: "https",
      host: "site.example",
    };
    await expect(
      runWithNoticeMailContext({ app: t.app, request: request as never }, () =>
        t.app.store.db.transaction().execute(async (trx) => {
          await notify(trx, {
            userId: asker.userId,
            kind: "recommended",
            questionId: question.id,
          });
          expect(
            await trx
              .selectFrom("mailOutbox")
              .select("id")
              .where("recipient", "=", asker.email)
              .execute(),
          ).toHaveLength(1);
          throw new Error("the event fails");
        }),
      ),
    ).rejects.toThrow("the event fails");
    expect(await outboxTo(asker.email)).toHaveLength(0);
  });

  test("an anonymous answer is mailed as the anonymous member, never by name", async () => {
    const asker = await member("instant", "zh-CN");
    const secretName = `Secret Sister ${randomBytes(3).toString("hex")}`;
    const helper = await member("never", "en-US", secretName);
    const question = await kit.ask(asker.token);
    const response = await t.request({
      method: "POST",
      url: `/tjc/ask/questions/${question.id}/answers`,
      token: helper.token,
      payload: { body: `<p>Quietly (${Math.random()})</p>`, anonymous: true },
    });
    expect(response.json().code, response.body).toBe(0);
    const [row] = await outboxTo(asker.email);
    expect(row!.language).toBe("zh-CN");
    expect(row!.textBody).toContain("匿名弟兄姊妹");
    for (const body of [row!.textBody, row!.htmlBody, row!.subject]) {
      expect(body).not.toContain(secretName);
    }
  });

  test("nothing is queued for 'never', nor at once for the digest choices", async () => {
    for (const choice of ["never", "daily", "weekly"]) {
      const asker = await member(choice);
      const helper = await member("never");
      const question = await kit.ask(asker.token);
      await kit.answer(helper.token, question.id);
      expect(await outboxTo(asker.email), choice).toHaveLength(0);
    }
  });
});

/** Ages a member's notices by `ms`, as if they had waited that long. */
async function age(userId: number, ms: number) {
  await t.app.store.db
    .updateTable("askNotifications")
    .set({ createdAt: nowIso(Date.now() - ms) })
    .where("userId", "=", userId)
    .execute();
}

describe("digests", () => {
  test("a daily digest lists the unread notices grouped by kind, once; read ones and an empty digest are never sent", async () => {
    const asker = await member("daily");
    const helper = await member("never");
    const q1 = await kit.ask(asker.token);
    const q2 = await kit.ask(asker.token);
    const q3 = await kit.ask(asker.token);
    await kit.answer(helper.token, q1.id);
    const a2 = await kit.answer(helper.token, q2.id);
    await kit.answer(helper.token, q3.id);
    await t.app.store.db.transaction().execute((trx) =>
      notify(trx, {
        userId: asker.userId,
        kind: "recommended",
        questionId: q2.id,
        answerId: a2.id,
      }),
    );
    // The member read the notice about q3 in the site: it is not mailed.
    await t.app.store.db
      .updateTable("askNotifications")
      .set({ readAt: nowIso() })
      .where("userId", "=", asker.userId)
      .where("questionId", "=", q3.id)
      .execute();
    // Not yet a day: nothing.
    await sendDueDigests(t.app, Date.now());
    expect(await outboxTo(asker.email)).toHaveLength(0);
    await age(asker.userId, 25 * HOUR);
    await sendDueDigests(t.app, Date.now());
    const rows = await outboxTo(asker.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe("noticeDigest");
    expect(rows[0]!.subject).toMatch(/3 new notices/);
    const text = rows[0]!.textBody;
    expect(text).toContain(`${ORIGIN}/topicDetail?id=${q1.id}`);
    expect(text).toContain(`${ORIGIN}/topicDetail?id=${q2.id}`);
    expect(text).not.toContain(`id=${q3.id}`);
    expect(text.indexOf("## New answers")).toBeLessThan(
      text.indexOf("## Recommended"),
    );
    expect(rows[0]!.htmlBody).toContain("<h2");
    expect(JSON.parse(rows[0]!.headers!)["List-Unsubscribe-Post"]).toBe(
      "List-Unsubscribe=One-Click",
    );
    // Run again (another instance, the next hour): nothing new, no message.
    await sendDueDigests(t.app, Date.now());
    await sendDueDigests(t.app, Date.now() + 25 * HOUR);
    expect(await outboxTo(asker.email)).toHaveLength(1);
  });

  test("the built-in job runs the digests and words its log; without PUBLIC_ORIGIN it sends nothing and says why", async () => {
    const context = {
      app: t.app,
      signal: new AbortController().signal,
      scheduledAt: nowIso(),
      now: () => Date.now(),
    };
    expect(await noticeDigest.run({}, context)).toMatchObject({
      key: JOB_LOG_KEYS.digests,
      params: { count: expect.any(Number) },
    });
    const bare = await buildTestApp();
    try {
      expect(await noticeDigest.run({}, { ...context, app: bare.app })).toEqual(
        { key: JOB_LOG_KEYS.digestsNoOrigin },
      );
    } finally {
      await bare.close();
    }
  });

  test("two instances running the job at once send one digest", async () => {
    const asker = await member("daily");
    const helper = await member("never");
    await kit.answer(helper.token, (await kit.ask(asker.token)).id);
    await age(asker.userId, 25 * HOUR);
    const counts = await Promise.all([
      sendDueDigests(t.app, Date.now()),
      sendDueDigests(t.app, Date.now()),
    ]);
    expect(await outboxTo(asker.email)).toHaveLength(1);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  });

  test("a weekly digest waits a week; 'never' and 'at once' members get none", async () => {
    const weekly = await member("weekly", "zh-CN");
    const never = await member("never");
    const helper = await member("never");
    for (const m of [weekly, never]) {
      await kit.answer(helper.token, (await kit.ask(m.token)).id);
      await age(m.userId, 2 * 24 * HOUR);
    }
    await sendDueDigests(t.app, Date.now());
    expect(await outboxTo(weekly.email)).toHaveLength(0);
    await age(weekly.userId, 8 * 24 * HOUR);
    await age(never.userId, 8 * 24 * HOUR);
    await sendDueDigests(t.app, Date.now());
    const rows = await outboxTo(weekly.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toMatch(/您有 1 条新通知/);
    expect(rows[0]!.textBody).toContain("新回答");
    expect(await outboxTo(never.email)).toHaveLength(0);
  });
});

describe("unsubscribe links", () => {
  const page = (
    method: "GET" | "POST",
    token: string,
    language = "en-US",
    ip?: string,
  ) =>
    t.request({
      method,
      url: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`,
      language,
      remoteAddress:
        ip ??
        `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(method === "POST"
        ? {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: "List-Unsubscribe=One-Click",
          }
        : {}),
    });
  const choiceOf = async (userId: number) =>
    (
      await t.app.store.db
        .selectFrom("memberProfiles")
        .select("noticeMail")
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow()
    ).noticeMail;

  test("GET asks to confirm (both languages) and changes nothing; the one-click POST unsubscribes without a login", async () => {
    const m = await member("daily");
    const token = await signUnsubscribe(t.app.store.db, m.userId);
    const en = await page("GET", token);
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en-US"');
    expect(en.body).toContain("Stop notice e-mails?");
    expect(en.body).toContain('method="post"');
    const zh = await page("GET", token, "zh-CN");
    expect(zh.body).toContain('<html lang="zh-CN"');
    expect(zh.body).toContain("不再接收通知邮件？");
    expect(await choiceOf(m.userId)).toBe("daily");
    const done = await page("POST", token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect(await choiceOf(m.userId)).toBe("never");
    // Clicked twice: still fine, and says so.
    const again = await page("POST", token, "zh-CN");
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain("您已退订通知邮件");
  });

  test("a forged, tampered, expired or used link gets a clear page, never a 500", async () => {
    const m = await member("weekly");
    const good = await signUnsubscribe(t.app.store.db, m.userId);
    const [, user, issued, mac] = /^(\d+)_(\d+)_(.+)$/.exec(good)!;
    const other = await member("weekly");
    const cases: [string, number, RegExp][] = [
      ["", 400, /not valid/],
      ["garbage", 400, /not valid/],
      [`${other.userId}_${issued}_${mac}`, 400, /not valid/],
      [`${user}_${issued}_${"A".repeat(32)}`, 400, /not valid/],
      ["x".repeat(5000), 400, /not valid/],
      [
        await signUnsubscribe(
          t.app.store.db,
          m.userId,
          Date.now() - 61 * 24 * HOUR,
        ),
        410,
        /expired/,
      ],
    ];
    for (const [token, status, text] of cases) {
      for (const method of ["GET", "POST"] as const) {
        const response = await page(method, token);
        expect(response.statusCode, token.slice(0, 40)).toBe(status);
        expect(response.body).toMatch(text);
      }
    }
    expect(await choiceOf(m.userId)).toBe("weekly");
    // The member changed their choice after the message was sent: the link is used up.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await choose(m.token, "daily");
    const used = await page("GET", good, "zh-CN");
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain("退订链接已使用");
    expect((await page("POST", good)).statusCode).toBe(410);
    expect(await choiceOf(m.userId)).toBe("daily");
  });

  test(`is limited to ${UNSUBSCRIBES_PER_MINUTE} requests a minute per client`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= UNSUBSCRIBES_PER_MINUTE; i += 1) {
      statuses.push(
        (await page("GET", "forged", "en-US", "10.66.6.6")).statusCode,
      );
    }
    expect(
      statuses.slice(0, UNSUBSCRIBES_PER_MINUTE).every((s) => s === 400),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

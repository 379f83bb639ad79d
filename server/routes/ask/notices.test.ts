import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";

/** Merged answer notices and a hidden post's reason for its author (issue 25). */
let t: TestApp;
let kit: ReturnType<typeof askKit>;
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
});
afterAll(async () => {
  await t.close();
});

const notices = async (token: string) =>
  (
    await t.request({ method: "GET", url: "/tjc/ask/notifications", token })
  ).json().data;

describe("GET /tjc/ask/notifications: a burst of answers", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/ask/notifications",
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("20 answers to one question are one unread notice of 20, leading to the first", async () => {
    const asker = await t.loginAs("member");
    const question = await kit.ask(asker);
    const answerers = [await t.loginAs("member"), await t.loginAs("member")];
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const reply = await kit.answer(
        answerers[i % 2]!,
        question.id,
        `<p>Answer number ${i} of the burst.</p>`,
      );
      ids.push(reply.id);
    }
    const burst = await notices(asker);
    expect(burst.unread).toBe(1);
    expect(burst.list).toHaveLength(1);
    expect(burst.list[0]).toMatchObject({
      kind: "answered",
      questionId: question.id,
      answerId: ids[0],
      count: 20,
      read: false,
    });
    // Once read, the next answer is a new notice of its own.
    await t.request({
      method: "POST",
      url: "/tjc/ask/notifications/read",
      token: asker,
      payload: {},
    });
    const late = await kit.answer(answerers[0]!, question.id, "<p>Late.</p>");
    const after = await notices(asker);
    expect(after.unread).toBe(1);
    expect(after.list[0]).toMatchObject({ answerId: late.id, count: 1 });
    expect(after.list[1]).toMatchObject({ count: 20, read: true });
    // Another question's answers stay apart.
    const other = await kit.ask(asker);
    await kit.answer(answerers[1]!, other.id);
    expect((await notices(asker)).unread).toBe(2);
  });
});

describe("GET /tjc/ask/me/hidden: what a 'hidden' notice leads to", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/ask/me/hidden?questionId=1",
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("shows the author their hidden question and answer with the moderator's reason, and nobody else", async () => {
    const asker = await t.loginAs("member");
    const answerer = await t.loginAs("member");
    const moderator = await t.loginAs("moderator");
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);
    const hide = (
      kind: "questions" | "answers",
      post: { id: number; version: number },
      reason: string,
    ) =>
      t.request({
        method: "PUT",
        url: `/tjc/ask/admin/${kind}/${post.id}`,
        token: moderator,
        payload: { status: "hidden", reason, version: post.version },
      });
    const hidAnswer = await hide("answers", reply, "Off topic here");
    expect(hidAnswer.json().code, hidAnswer.body).toBe(0);
    const hidQuestion = await hide(
      "questions",
      question,
      "Duplicate of another",
    );
    expect(hidQuestion.json().code, hidQuestion.body).toBe(0);
    const noticeOf = async (token: string) =>
      (await notices(token)).list.find(
        (n: { kind: string }) => n.kind === "hidden",
      );
    expect(await noticeOf(answerer)).toMatchObject({
      questionId: question.id,
      answerId: reply.id,
    });
    const mine = (token: string) =>
      t.request({
        method: "GET",
        url: `/tjc/ask/me/hidden?questionId=${question.id}`,
        token,
      });
    expect((await mine(asker)).json().data).toEqual({
      question: {
        id: question.id,
        title: question.title,
        body: question.body,
        reason: "Duplicate of another",
      },
      answers: [],
    });
    expect((await mine(answerer)).json().data).toEqual({
      question: null,
      answers: [{ id: reply.id, body: reply.body, reason: "Off topic here" }],
    });
    const stranger = await t.loginAs("member");
    expect((await mine(stranger)).json().data).toEqual({
      question: null,
      answers: [],
    });
    const bad = await t.request({
      method: "GET",
      url: "/tjc/ask/me/hidden?questionId=abc",
      token: asker,
    });
    expect(bad.json().code).toBe(Code.VALIDATION);
  });
});

describe("GET /tjc/ask/notifications: who caused each notice", () => {
  const nameOf = async (token: string) =>
    (await t.request({ method: "GET", url: "/tjc/auth/me", token })).json().data
      .user.userName as string;
  const noticeOf = async (token: string, kind: string) =>
    (await notices(token)).list.find((n: { kind: string }) => n.kind === kind);

  test("names the member or moderator, marks staff, and a burst names its latest", async () => {
    const asker = await t.loginAs("member");
    const answerer = await t.loginAs("member");
    const second = await t.loginAs("member");
    const moderator = await t.loginAs("moderator");
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);

    expect(await noticeOf(asker, "answered")).toMatchObject({
      answerId: reply.id,
      count: 1,
      actor: { userName: await nameOf(answerer), staff: false },
    });
    // The actor's id is not given out: only the name and the staff mark.
    expect(
      Object.keys((await noticeOf(asker, "answered")).actor).sort(),
    ).toEqual(["staff", "userName"]);

    // A second answer merges into the unread notice, which now names its author.
    await kit.answer(second, question.id);
    expect(await noticeOf(asker, "answered")).toMatchObject({
      answerId: reply.id,
      count: 2,
      actor: { userName: await nameOf(second), staff: false },
    });

    const accepted = await t.request({
      method: "POST",
      url: `/tjc/ask/questions/${question.id}/accept`,
      token: asker,
      payload: { answerId: reply.id },
    });
    expect(accepted.json().code, accepted.body).toBe(0);
    expect(await noticeOf(answerer, "accepted")).toMatchObject({
      actor: { userName: await nameOf(asker), staff: false },
    });

    const recommended = await t.request({
      method: "PUT",
      url: `/tjc/ask/admin/answers/${reply.id}`,
      token: moderator,
      payload: { recommended: true, version: reply.version },
    });
    expect(recommended.json().code, recommended.body).toBe(0);
    expect(await noticeOf(answerer, "recommended")).toMatchObject({
      actor: { userName: await nameOf(moderator), staff: true },
    });
  });

  test("a notice whose actor is not recorded, or whose account is gone, names nobody", async () => {
    const reader = await t.loginAs("member");
    const readerId = await kit.userIdOf(reader);
    const question = await kit.ask(reader);
    await t.app.store.db
      .insertInto("askNotifications")
      .values([
        {
          userId: readerId,
          kind: "hidden",
          questionId: question.id,
          answerId: null,
          actorId: null,
          readAt: null,
          createdAt: new Date().toISOString(),
        },
        {
          userId: readerId,
          kind: "approved",
          questionId: question.id,
          answerId: null,
          // No account has this id (the column keeps an account's id after it goes).
          actorId: 2 ** 31 - 1,
          readAt: null,
          createdAt: new Date().toISOString(),
        },
      ])
      .execute();
    expect(await noticeOf(reader, "hidden")).toMatchObject({ actor: null });
    expect(await noticeOf(reader, "approved")).toMatchObject({ actor: null });
  });
});

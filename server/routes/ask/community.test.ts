import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { Code } from "../../../common/codes.js";
import { ASK_REPORTS_PER_DAY } from "../../../common/schemas/ask.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { hidePost, setRecommended } from "../../services/ask-notifications.js";
import { askKit } from "./ask-test-kit.js";

let t: TestApp;
let kit: ReturnType<typeof askKit>;
let asker: string;
let answerer: string;
let nobody: string;
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  nobody = await t.loginAs("none");
});
afterAll(async () => {
  await t.close();
});
// Fresh members for each test: writes are rate-limited per member.
beforeEach(async () => {
  asker = await t.loginAs("member");
  answerer = await t.loginAs("member");
});

function opensWithAuthChecks(
  method: "GET" | "POST",
  url: string,
  permissionCase = true,
) {
  test("rejects without a session", async () => {
    const response = await t.request({
      method,
      url,
      payload: method === "POST" ? {} : undefined,
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });
  if (permissionCase) {
    test("rejects without permission", async () => {
      const response = await t.request({
        method,
        url,
        token: nobody,
        payload: method === "POST" ? {} : undefined,
      });
      expect(response.json().code).toBe(Code.FORBIDDEN);
    });
  }
}

describe("POST /tjc/ask/questions/:id/answers", () => {
  opensWithAuthChecks("POST", "/tjc/ask/questions/1/answers");

  test("a second member answers; the asker is told; hostile HTML is sanitised", async () => {
    const question = await kit.ask(asker);
    const reply = await kit.answer(
      answerer,
      question.id,
      '<p>Read <a href="javascript:alert(1)" onclick="x()">Psalm 23</a><script>alert(1)</script></p>',
    );
    expect(reply.body).toBe("<p>Read <a>Psalm 23</a></p>");
    const read = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}`,
    });
    expect(read.json().data.answerCount).toBe(1);
    const notices = await t.request({
      method: "GET",
      url: "/tjc/ask/notifications",
      token: asker,
    });
    expect(notices.json().data).toMatchObject({
      total: 1,
      unread: 1,
      list: [
        {
          kind: "answered",
          questionId: question.id,
          answerId: reply.id,
          questionTitle: question.title,
        },
      ],
    });
    const marked = await t.request({
      method: "POST",
      url: "/tjc/ask/notifications/read",
      token: asker,
      payload: {},
    });
    expect(marked.json().data.updated).toBe(1);
    const after = await t.request({
      method: "GET",
      url: "/tjc/ask/me",
      token: asker,
    });
    expect(after.json().data).toEqual({ unread: 0, mutedUntil: null });
  });

  test("a hidden or closed question takes no answer", async () => {
    const question = await kit.ask(asker);
    for (const [status, code] of [
      ["closed", Code.CONFLICT],
      ["hidden", Code.NOT_FOUND],
    ] as const) {
      await t.app.store.db
        .updateTable("askQuestions")
        .set({ status })
        .where("id", "=", question.id)
        .execute();
      const response = await t.request({
        method: "POST",
        url: `/tjc/ask/questions/${question.id}/answers`,
        token: answerer,
        payload: { body: "<p>hi</p>" },
      });
      expect(response.json().code, status).toBe(code);
    }
  });
});

describe("PUT /tjc/ask/answers/:id", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "PUT",
      url: "/tjc/ask/answers/1",
      payload: {},
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "PUT",
      url: "/tjc/ask/answers/1",
      token: nobody,
      payload: {},
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("the author edits within 24 hours only", async () => {
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);
    const edit = (token: string, version: number) =>
      t.request({
        method: "PUT",
        url: `/tjc/ask/answers/${reply.id}`,
        token,
        payload: { body: "<p>edited</p>", version },
      });
    expect((await edit(asker, reply.version)).json().code).toBe(Code.FORBIDDEN);
    expect((await edit(answerer, reply.version)).json().data.body).toBe(
      "<p>edited</p>",
    );
    await t.app.store.db
      .updateTable("askAnswers")
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() })
      .where("id", "=", reply.id)
      .execute();
    expect((await edit(answerer, reply.version + 1)).json().code).toBe(
      Code.FORBIDDEN,
    );
  });
});

describe("POST /tjc/ask/votes", () => {
  opensWithAuthChecks("POST", "/tjc/ask/votes");

  test("casts, changes and withdraws; a double vote counts once", async () => {
    const question = await kit.ask(asker);
    const score = async () =>
      (
        await t.request({
          method: "GET",
          url: `/tjc/ask/questions/${question.id}`,
        })
      ).json().data.score;
    expect(
      (await kit.vote(answerer, "question", question.id, 1)).json().data,
    ).toEqual({ score: 1, value: 1 });
    expect(
      (await kit.vote(answerer, "question", question.id, 1)).json().data,
    ).toEqual({ score: 1, value: 1 });
    expect(
      (await kit.vote(answerer, "question", question.id, -1)).json().data,
    ).toEqual({ score: -1, value: -1 });
    expect(
      (await kit.vote(answerer, "question", question.id, 0)).json().data,
    ).toEqual({ score: 0, value: 0 });
    expect(await score()).toBe(0);
  });

  test("no vote on one's own post; unknown and hidden targets are 40400; bad values 40000", async () => {
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);
    expect(
      (await kit.vote(asker, "question", question.id, 1)).json().code,
    ).toBe(Code.FORBIDDEN);
    expect((await kit.vote(answerer, "answer", reply.id, 1)).json().code).toBe(
      Code.FORBIDDEN,
    );
    expect((await kit.vote(asker, "answer", 999_999, 1)).json().code).toBe(
      Code.NOT_FOUND,
    );
    await t.app.store.db
      .updateTable("askAnswers")
      .set({ status: "hidden" })
      .where("id", "=", reply.id)
      .execute();
    expect((await kit.vote(asker, "answer", reply.id, 1)).json().code).toBe(
      Code.NOT_FOUND,
    );
    expect((await kit.vote(asker, "answer", reply.id, 2)).json().code).toBe(
      Code.VALIDATION,
    );
    const bad = await t.request({
      method: "POST",
      url: "/tjc/ask/votes",
      token: asker,
      payload: { targetType: "comment", targetId: 1, value: 1 },
    });
    expect(bad.json().code).toBe(Code.VALIDATION);
  });

  test("concurrent votes from many members and repeated ones from one keep the score exact", async () => {
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);
    const voters = await Promise.all(
      Array.from({ length: 8 }, () => t.loginAs("member")),
    );
    const responses = await Promise.all([
      ...voters.map((voter) => kit.vote(voter, "answer", reply.id, 1)),
      ...voters.map((voter) => kit.vote(voter, "question", question.id, 1)),
      // One member voting the same way four times at once still counts once.
      ...Array.from({ length: 4 }, () =>
        kit.vote(asker, "answer", reply.id, -1),
      ),
    ]);
    for (const response of responses)
      expect(response.json().code, response.body).toBe(0);
    const stored = await t.app.store.db
      .selectFrom("askAnswers")
      .select("score")
      .where("id", "=", reply.id)
      .executeTakeFirstOrThrow();
    expect(stored.score).toBe(8 - 1);
    const storedQuestion = await t.app.store.db
      .selectFrom("askQuestions")
      .select(["score", "hot"])
      .where("id", "=", question.id)
      .executeTakeFirstOrThrow();
    expect(storedQuestion.score).toBe(8);
    const votes = await t.app.store.db
      .selectFrom("askVotes")
      .select((eb) => eb.fn.sum<number>("value").as("sum"))
      .where("targetType", "=", "answer")
      .where("targetId", "=", reply.id)
      .executeTakeFirstOrThrow();
    expect(Number(votes.sum)).toBe(7);
  });
});

describe("POST /tjc/ask/reports", () => {
  opensWithAuthChecks("POST", "/tjc/ask/reports");

  test("one open report per member per target, and a daily limit", async () => {
    const question = await kit.ask(asker);
    const report = (targetType: string, targetId: number) =>
      t.request({
        method: "POST",
        url: "/tjc/ask/reports",
        token: answerer,
        payload: { targetType, targetId, reason: "spam", text: "ads" },
      });
    expect((await report("question", question.id)).json().code).toBe(0);
    expect((await report("question", question.id)).json().code).toBe(
      Code.CONFLICT,
    );
    expect((await report("user", await kit.userIdOf(asker))).json().code).toBe(
      0,
    );
    expect((await report("answer", 999_999)).json().code).toBe(Code.NOT_FOUND);
    const bad = await t.request({
      method: "POST",
      url: "/tjc/ask/reports",
      token: answerer,
      payload: {
        targetType: "question",
        targetId: question.id,
        reason: "rude",
      },
    });
    expect(bad.json().code).toBe(Code.VALIDATION);
    // Fill the day's allowance directly, then the next report is refused with Retry-After.
    const reporterId = await kit.userIdOf(answerer);
    await t.app.store.db
      .insertInto("askReports")
      .values(
        Array.from({ length: ASK_REPORTS_PER_DAY }, (_, i) => ({
          reporterId,
          targetType: "user" as const,
          targetId: 100_000 + i,
          reason: "other" as const,
          text: "",
          status: "resolved",
          handledBy: null,
          handledAt: null,
          createdAt: new Date().toISOString(),
        })),
      )
      .execute();
    const limited = await report("user", await kit.userIdOf(nobody));
    expect(limited.json().code).toBe(Code.TOO_MANY_REQUESTS);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("muted members", () => {
  test("posting, answering, voting and reporting give 42300 with data.until", async () => {
    const question = await kit.ask(asker);
    const until = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    await t.app.store.db
      .insertInto("askMutes")
      .values({
        userId: await kit.userIdOf(answerer),
        until,
        createdBy: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    const tagId = await kit.makeTag();
    const attempts = [
      {
        method: "POST",
        url: "/tjc/ask/questions",
        payload: {
          title: "A muted question",
          body: "<p>x</p>",
          tagIds: [tagId],
        },
      },
      {
        method: "POST",
        url: `/tjc/ask/questions/${question.id}/answers`,
        payload: { body: "<p>x</p>" },
      },
      {
        method: "POST",
        url: "/tjc/ask/votes",
        payload: { targetType: "question", targetId: question.id, value: 1 },
      },
      {
        method: "POST",
        url: "/tjc/ask/reports",
        payload: {
          targetType: "question",
          targetId: question.id,
          reason: "spam",
        },
      },
    ] as const;
    for (const language of ["zh-CN", "en-US"]) {
      for (const attempt of attempts) {
        const response = await t.request({
          ...attempt,
          token: answerer,
          language,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json(), attempt.url).toMatchObject({
          code: Code.MUTED,
          data: { until },
        });
      }
    }
    const me = await t.request({
      method: "GET",
      url: "/tjc/ask/me",
      token: answerer,
    });
    expect(me.json().data.mutedUntil).toBe(until);
    // An expired mute no longer applies.
    await t.app.store.db
      .updateTable("askMutes")
      .set({ until: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(
      (await kit.vote(answerer, "question", question.id, 1)).json().code,
    ).toBe(0);
  });
});

describe("POST /tjc/ask/admin/mutes", () => {
  opensWithAuthChecks("POST", "/tjc/ask/admin/mutes");

  test("a moderator mutes a member for some days; a member may not", async () => {
    const moderator = await t.loginAs("moderator");
    const userId = await kit.userIdOf(answerer);
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/admin/mutes",
      token: moderator,
      payload: { userId, days: 2, reason: "spam" },
    });
    const until = response.json().data.until as string;
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(47 * 3600_000);
    const question = await kit.ask(asker);
    const vote = await kit.vote(answerer, "question", question.id, 1);
    expect(vote.json()).toMatchObject({ code: Code.MUTED, data: { until } });
    const denied = await t.request({
      method: "POST",
      url: "/tjc/ask/admin/mutes",
      token: asker,
      payload: { userId, days: 2 },
    });
    expect(denied.json().code).toBe(Code.FORBIDDEN);
    for (const payload of [
      { userId, days: 0 },
      { userId, days: 400 },
      { userId: "x", days: 1 },
    ]) {
      const bad = await t.request({
        method: "POST",
        url: "/tjc/ask/admin/mutes",
        token: moderator,
        payload,
      });
      expect(bad.json().code).toBe(Code.VALIDATION);
    }
    const unknown = await t.request({
      method: "POST",
      url: "/tjc/ask/admin/mutes",
      token: moderator,
      payload: { userId: 999_999, days: 1 },
    });
    expect(unknown.json().code).toBe(Code.NOT_FOUND);
  });
});

describe("notifications, recommended and hidden posts", () => {
  opensWithAuthChecks("GET", "/tjc/ask/notifications", false);

  test("recommending and hiding tell the author; recommended answers are listed publicly", async () => {
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);
    await t.app.store.transaction((trx) => setRecommended(trx, reply.id, true));
    const recommended = await t.request({
      method: "GET",
      url: "/tjc/ask/recommended",
    });
    expect(recommended.json().data.list[0]).toMatchObject({
      id: reply.id,
      recommended: true,
      questionTitle: question.title,
    });
    await t.app.store.transaction((trx) =>
      hidePost(trx, { type: "answer", id: reply.id }),
    );
    const read = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}`,
    });
    expect(read.json().data.answerCount).toBe(0);
    const gone = await t.request({
      method: "GET",
      url: "/tjc/ask/recommended",
    });
    expect(
      gone.json().data.list.map((a: { id: number }) => a.id),
    ).not.toContain(reply.id);
    const notices = await t.request({
      method: "GET",
      url: "/tjc/ask/notifications",
      token: answerer,
    });
    expect(
      notices.json().data.list.map((n: { kind: string }) => n.kind),
    ).toEqual(["hidden", "recommended"]);
    const mine = await t.request({
      method: "GET",
      url: "/tjc/ask/me/answers",
      token: answerer,
    });
    expect(mine.json().data.list[0]).toMatchObject({
      id: reply.id,
      status: "hidden",
    });
    const myQuestions = await t.request({
      method: "GET",
      url: "/tjc/ask/me/questions",
      token: asker,
    });
    expect(myQuestions.json().data.list[0]).toMatchObject({ id: question.id });
  });
});

describe("Q&A tags", () => {
  test("the public list counts only public questions", async () => {
    const tagId = await kit.makeTag("查经-count");
    await kit.ask(asker, { tagIds: [tagId] });
    const hidden = await kit.ask(asker, { tagIds: [tagId] });
    await t.app.store.db
      .updateTable("askQuestions")
      .set({ status: "hidden" })
      .where("id", "=", hidden.id)
      .execute();
    const response = await t.request({ method: "GET", url: "/tjc/ask/tags" });
    const tag = response
      .json()
      .data.list.find((x: { id: number }) => x.id === tagId);
    expect(tag).toMatchObject({ name: "查经-count", questionCount: 1 });
  });

  describe("the moderators' CRUD at /tjc/ask/admin/tags", () => {
    opensWithAuthChecks("GET", "/tjc/ask/admin/tags");

    test("a moderator creates and lists; a member may not", async () => {
      const moderator = await t.loginAs("moderator");
      const created = await t.request({
        method: "POST",
        url: "/tjc/ask/admin/tags",
        token: moderator,
        payload: {
          name: "团契",
          nameEn: "Fellowship",
          description: "Life together",
        },
      });
      expect(created.json().data).toMatchObject({
        name: "团契",
        description: "Life together",
      });
      const listed = await t.request({
        method: "GET",
        url: "/tjc/ask/admin/tags",
        token: moderator,
      });
      expect(listed.json().data.total).toBeGreaterThan(0);
      const denied = await t.request({
        method: "GET",
        url: "/tjc/ask/admin/tags",
        token: asker,
      });
      expect(denied.json().code).toBe(Code.FORBIDDEN);
    });
  });
});

import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
} from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";
import { viewCounter } from "../../services/view-counter.js";

let t: TestApp;
let kit: ReturnType<typeof askKit>;
let member: string;
let other: string;
let nobody: string;
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  nobody = await t.loginAs("none");
});
// Fresh members for each test: posting is rate-limited per member.
beforeEach(async () => {
  member = await t.loginAs("member");
  other = await t.loginAs("member");
});
afterAll(async () => {
  await t.close();
});

describe("POST /tjc/ask/questions", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      payload: {},
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      token: nobody,
      payload: {},
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("a member asks; the question has the documented shape", async () => {
    const tagId = await kit.makeTag("祷告");
    const question = await kit.ask(member, {
      title: "How do we pray together?",
      tagIds: [tagId, tagId],
    });
    expect(question).toMatchObject({
      title: "How do we pray together?",
      body: "<p>Our small group wants to pray.</p>",
      excerpt: "Our small group wants to pray.",
      status: "visible",
      score: 0,
      answerCount: 0,
      views: 0,
      acceptedAnswerId: null,
      tags: [{ id: tagId, name: "祷告", nameEn: null }],
      author: { userId: await kit.userIdOf(member) },
    });
    expect(typeof question.hot).toBe("number");
    expect(Date.parse(question.createdAt as string)).not.toBeNaN();
  });

  test("hostile HTML is sanitised before it is stored", async () => {
    const question = await kit.ask(member, {
      body: '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><iframe src="https://evil.example/"></iframe></p>',
    });
    const stored = await t.app.store.db
      .selectFrom("askQuestions")
      .select("body")
      .where("id", "=", question.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).not.toMatch(
      /script|onclick|onerror|javascript:|iframe/i,
    );
    expect(stored.body).toContain("Hi");
  });

  test("a body that sanitises to nothing is refused in the caller's language", async () => {
    const tagId = await kit.makeTag();
    for (const [language, text] of [
      ["zh-CN", "内容不能为空"],
      ["en-US", "The content must not be empty"],
    ]) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/ask/questions",
        token: member,
        language,
        payload: {
          title: "Valid title",
          body: "<script>x</script>",
          tagIds: [tagId],
        },
      });
      expect(response.json()).toMatchObject({
        code: Code.VALIDATION,
        data: { errors: { body: text } },
      });
    }
  });

  test("title length, body length and the number of tags are checked", async () => {
    const tagId = await kit.makeTag();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "abcd" }, "title"],
      [{ title: "x".repeat(151) }, "title"],
      [{ body: "x".repeat(30_001) }, "body"],
      [{ tagIds: [] }, "tagIds"],
      [{ tagIds: [1, 2, 3, 4, 5, 6] }, "tagIds"],
      [{ tagIds: [999_999] }, "tagIds"],
      [{ tagIds: ["x"] }, "tagIds.0"],
    ];
    for (const [payload, field] of cases) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/ask/questions",
        token: member,
        payload: {
          title: "A fine title",
          body: "<p>ok</p>",
          tagIds: [tagId],
          ...payload,
        },
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.errors)).toContain(field);
    }
    const longest = await t.request({
      method: "POST",
      url: "/tjc/ask/questions",
      token: member,
      payload: {
        title: "x".repeat(150),
        body: "y".repeat(30_000),
        tagIds: [tagId],
      },
    });
    expect(longest.json().code).toBe(0);
  });
});

describe("GET /tjc/ask/questions", () => {
  test("lists public questions by tab, tag and keyword; hidden ones stay out", async () => {
    const tagId = await kit.makeTag();
    const a = await kit.ask(member, {
      title: "Baptism by water",
      tagIds: [tagId],
    });
    const b = await kit.ask(member, {
      title: "Holy communion meaning",
      tagIds: [tagId],
    });
    const c = await kit.ask(member, {
      title: "Hidden question here",
      tagIds: [tagId],
    });
    await t.app.store.db
      .updateTable("askQuestions")
      .set({ status: "hidden" })
      .where("id", "=", c.id)
      .execute();
    await kit.answer(other, a.id);
    const list = async (filter: object) => {
      const response = await t.request({
        method: "GET",
        url: `/tjc/ask/questions?filter=${encodeURIComponent(JSON.stringify(filter))}`,
      });
      expect(response.json().code, response.body).toBe(0);
      return response.json().data as { list: { id: number }[]; total: number };
    };
    const byTag = await list({ tagId });
    expect(byTag.list.map((q) => q.id)).toEqual([b.id, a.id]);
    expect(byTag.total).toBe(2);
    expect(
      (await list({ tagId, tab: "unanswered" })).list.map((q) => q.id),
    ).toEqual([b.id]);
    expect((await list({ tagId, tab: "hot" })).list.map((q) => q.id)).toEqual([
      a.id,
      b.id,
    ]);
    expect((await list({ q: "communion" })).list.map((q) => q.id)).toEqual([
      b.id,
    ]);
    expect((await list({ q: "Hidden" })).total).toBe(0);
  });

  test("bad filters and ranges are 40000, never 500", async () => {
    for (const query of [
      'filter={"tab":"oldest"}',
      'filter={"nope":1}',
      "filter={",
      'filter={"tagId":"x"}',
      "range=[0,500]",
      'sort=["body","ASC"]',
    ]) {
      const response = await t.request({
        method: "GET",
        url: `/tjc/ask/questions?${query}`,
      });
      expect(response.json().code, query).toBe(Code.VALIDATION);
    }
  });
});

describe("GET /tjc/ask/questions/:id", () => {
  test("is public and counts a view", async () => {
    const question = await kit.ask(member);
    const first = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}`,
      // Three readers: one visitor counts once a day (issue 25).
      remoteAddress: "10.60.0.1",
    });
    expect(first.json().data.views).toBe(1);
    // Views are written in batches; the count answered includes the ones not yet written.
    await viewCounter(t.app.store).flush();
    const second = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}`,
      // Three readers: one visitor counts once a day (issue 25).
      remoteAddress: "10.60.0.2",
    });
    expect(second.json().data.views).toBe(2);
    const third = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}`,
      // Three readers: one visitor counts once a day (issue 25).
      remoteAddress: "10.60.0.3",
    });
    expect(third.json().data.views).toBe(3);
    await viewCounter(t.app.store).flush();
    const stored = await t.app.store.db
      .selectFrom("askQuestions")
      .select("views")
      .where("id", "=", question.id)
      .executeTakeFirstOrThrow();
    expect(stored.views).toBe(3);
  });

  test("hidden, pending, deleted and unknown questions are 40400", async () => {
    const question = await kit.ask(member);
    for (const status of ["hidden", "pending", "deleted"] as const) {
      await t.app.store.db
        .updateTable("askQuestions")
        .set({ status })
        .where("id", "=", question.id)
        .execute();
      const response = await t.request({
        method: "GET",
        url: `/tjc/ask/questions/${question.id}`,
      });
      expect(response.json().code, status).toBe(Code.NOT_FOUND);
    }
    for (const id of ["999999", "abc", "0"]) {
      const response = await t.request({
        method: "GET",
        url: `/tjc/ask/questions/${id}`,
      });
      expect([Code.NOT_FOUND, Code.VALIDATION]).toContain(response.json().code);
    }
  });
});

describe("PUT /tjc/ask/questions/:id", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "PUT",
      url: "/tjc/ask/questions/1",
      payload: {},
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "PUT",
      url: "/tjc/ask/questions/1",
      token: nobody,
      payload: {},
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("the author edits within 24 hours; others and late edits are refused", async () => {
    const question = await kit.ask(member);
    const tagId = await kit.makeTag();
    const edit = (token: string, version: number) =>
      t.request({
        method: "PUT",
        url: `/tjc/ask/questions/${question.id}`,
        token,
        payload: {
          title: "Edited title",
          body: "<p>more</p>",
          tagIds: [tagId],
          version,
        },
      });
    expect((await edit(other, question.version)).json().code).toBe(
      Code.FORBIDDEN,
    );
    const edited = await edit(member, question.version);
    expect(edited.json().data).toMatchObject({
      title: "Edited title",
      tags: [{ id: tagId }],
      version: question.version + 1,
    });
    expect((await edit(member, question.version)).json().code).toBe(
      Code.CONFLICT,
    );
    await t.app.store.db
      .updateTable("askQuestions")
      .set({
        createdAt: new Date(Date.now() - 24 * 3600_000 - 1000).toISOString(),
      })
      .where("id", "=", question.id)
      .execute();
    const late = await edit(member, question.version + 1);
    expect(late.json().code).toBe(Code.FORBIDDEN);
    expect(late.json().data.editableUntil).toMatch(/Z$/);
  });
});

describe("POST /tjc/ask/questions/:id/accept", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions/1/accept",
      payload: {},
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/questions/1/accept",
      token: nobody,
      payload: {},
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("only the asker accepts, may change it, and the accepted answer comes first", async () => {
    const question = await kit.ask(member);
    const first = await kit.answer(other, question.id);
    const third = await t.loginAs("member");
    const second = await kit.answer(third, question.id);
    const accept = (token: string, answerId: number) =>
      t.request({
        method: "POST",
        url: `/tjc/ask/questions/${question.id}/accept`,
        token,
        payload: { answerId },
      });
    expect((await accept(other, first.id)).json().code).toBe(Code.FORBIDDEN);
    expect((await accept(member, first.id)).json().data.acceptedAnswerId).toBe(
      first.id,
    );
    expect((await accept(member, second.id)).json().data.acceptedAnswerId).toBe(
      second.id,
    );
    const foreign = await kit.answer(other, (await kit.ask(member)).id);
    expect((await accept(member, foreign.id)).json().code).toBe(Code.NOT_FOUND);
    const answers = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}/answers`,
    });
    expect(
      answers
        .json()
        .data.list.map((a: { id: number; accepted: boolean }) => [
          a.id,
          a.accepted,
        ]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const notices = await t.request({
      method: "GET",
      url: "/tjc/ask/notifications",
      token: third,
    });
    expect(notices.json().data.list[0]).toMatchObject({
      kind: "accepted",
      questionId: question.id,
      answerId: second.id,
      read: false,
    });
  });
});

describe("GET /tjc/ask/questions/:id/votes", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/ask/questions/1/votes",
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/ask/questions/1/votes",
      token: nobody,
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });

  test("answers the caller's own votes", async () => {
    const question = await kit.ask(member);
    const reply = await kit.answer(member, question.id);
    await kit.vote(other, "question", question.id, -1);
    await kit.vote(other, "answer", reply.id, 1);
    const response = await t.request({
      method: "GET",
      url: `/tjc/ask/questions/${question.id}/votes`,
      token: other,
    });
    expect(response.json().data).toEqual({
      question: -1,
      answers: { [String(reply.id)]: 1 },
      // None of the posts here is an anonymous one of theirs.
      mine: { question: false, answers: [] },
    });
  });
});

describe("a member in the back office", () => {
  test("gets 40300 on back-office routes", async () => {
    const response = await t.request({
      method: "GET",
      url: "/tjc/tags",
      token: member,
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
  });
});

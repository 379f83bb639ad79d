import { sql } from "kysely";
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  test,
  vi,
} from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";

let t: TestApp;
let kit: ReturnType<typeof askKit>;
let moderator: string;
let editor: string;
let asker: string;
let answerer: string;

beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  moderator = await t.loginAs("moderator");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  asker = await t.loginAs("member");
  answerer = await t.loginAs("member");
});

const ROUTES: [string, string][] = [
  ["GET", "/tjc/ask/admin/questions"],
  ["GET", "/tjc/ask/admin/questions/1"],
  ["GET", "/tjc/ask/admin/questions/1/history"],
  ["PUT", "/tjc/ask/admin/questions/1"],
  ["POST", "/tjc/ask/admin/questions/batch"],
  ["GET", "/tjc/ask/admin/questions/1/answers"],
  ["GET", "/tjc/ask/admin/answers/1/revisions"],
  ["PUT", "/tjc/ask/admin/answers/1"],
  ["GET", "/tjc/ask/admin/review"],
  ["GET", "/tjc/ask/admin/review/count"],
  ["GET", "/tjc/ask/admin/reports"],
  ["POST", "/tjc/ask/admin/reports/resolve"],
  ["GET", "/tjc/ask/admin/mutes"],
  ["DELETE", "/tjc/ask/admin/mutes/1"],
  ["GET", "/tjc/ask/admin/config"],
  ["PUT", "/tjc/ask/admin/config"],
  ["POST", "/tjc/ask/admin/tags/1/merge"],
];

function send(
  method: string,
  url: string,
  token?: string,
  payload?: unknown,
  language?: "zh-CN" | "en-US",
) {
  return t.request({
    method: method as "GET",
    url,
    token,
    payload: payload as Record<string, unknown>,
    language,
  });
}

async function question(id: number) {
  const response = await send(
    "GET",
    `/tjc/ask/admin/questions/${id}`,
    moderator,
  );
  expect(response.json().code, response.body).toBe(0);
  return response.json().data;
}

async function moderate(id: number, change: Record<string, unknown>) {
  const current = await question(id);
  return send("PUT", `/tjc/ask/admin/questions/${id}`, moderator, {
    version: current.version,
    ...change,
  });
}

async function adminAnswers(questionId: number) {
  const response = await send(
    "GET",
    `/tjc/ask/admin/questions/${questionId}/answers`,
    moderator,
  );
  expect(response.json().code, response.body).toBe(0);
  return response.json().data.list as {
    id: number;
    version: number;
    status: string;
    [key: string]: unknown;
  }[];
}

async function putConfig(change: Record<string, unknown>) {
  const current = (await send("GET", "/tjc/ask/admin/config", moderator)).json()
    .data;
  const response = await send("PUT", "/tjc/ask/admin/config", moderator, {
    ...current,
    ...change,
  });
  expect(response.json().code, response.body).toBe(0);
  return response.json().data;
}

describe("the moderation routes' gates", () => {
  test("rejects without a session", async () => {
    for (const [method, url] of ROUTES) {
      const response = await send(
        method,
        url,
        undefined,
        method === "GET" || method === "DELETE" ? undefined : {},
      );
      expect(response.json().code, `${method} ${url}`).toBe(
        Code.SESSION_EXPIRED,
      );
    }
  });

  test("rejects without permission: members and editors", async () => {
    for (const token of [asker, editor]) {
      for (const [method, url] of ROUTES) {
        const response = await send(
          method,
          url,
          token,
          method === "GET" || method === "DELETE" ? undefined : {},
        );
        expect(response.json().code, `${method} ${url}`).toBe(Code.FORBIDDEN);
      }
    }
  });
});

describe("questions: every state transition", () => {
  test("pending → visible (approve) and pending → deleted (reject) → restore back to pending", async () => {
    await putConfig({ preModeration: "all" });
    try {
      const a = await kit.ask(asker);
      const b = await kit.ask(asker);
      expect(a.status).toBe("pending");
      const hidden = await send("GET", `/tjc/ask/questions/${a.id}`);
      expect(hidden.json().code).toBe(Code.NOT_FOUND);
      expect(
        (await moderate(a.id, { status: "visible" })).json().data.status,
      ).toBe("visible");
      expect(
        (await send("GET", `/tjc/ask/questions/${a.id}`)).json().code,
      ).toBe(0);
      const rejected = await moderate(b.id, {
        status: "deleted",
        reason: "off topic",
      });
      expect(rejected.json().data).toMatchObject({
        status: "deleted",
        statusBeforeDelete: "pending",
      });
      // Restore goes back to the state it left, not anywhere else.
      const wrong = await moderate(b.id, { status: "visible" });
      expect(wrong.json()).toMatchObject({
        code: Code.CONFLICT,
        data: { from: "deleted", to: "visible" },
      });
      expect(
        (await moderate(b.id, { status: "pending" })).json().data.status,
      ).toBe("pending");
      const notices = await send("GET", "/tjc/ask/notifications", asker);
      const kinds = notices
        .json()
        .data.list.map((n: { kind: string }) => n.kind);
      expect(kinds).toEqual(expect.arrayContaining(["approved", "rejected"]));
    } finally {
      await putConfig({ preModeration: "off" });
    }
  });

  test("visible ↔ hidden, visible ↔ closed, closed → hidden, any → deleted → restored; reasons kept and required", async () => {
    const q = await kit.ask(asker);
    const noReason = await moderate(q.id, { status: "hidden" });
    expect(noReason.json().code).toBe(Code.VALIDATION);
    expect(noReason.json().data.errors.reason).toBeTruthy();
    expect(
      (await moderate(q.id, { status: "hidden", reason: "abuse" })).json().data,
    ).toMatchObject({ status: "hidden", moderationReason: "abuse" });
    expect(
      (await moderate(q.id, { status: "visible", reason: "ok now" })).json()
        .data,
    ).toMatchObject({ status: "visible", moderationReason: null });
    expect(
      (
        await moderate(q.id, { status: "closed", reason: "answered elsewhere" })
      ).json().data.status,
    ).toBe("closed");
    const page = await send("GET", `/tjc/ask/questions/${q.id}`);
    expect(page.json().data).toMatchObject({
      status: "closed",
      closeReason: "answered elsewhere",
    });
    expect(
      (await moderate(q.id, { status: "visible", reason: "new facts" })).json()
        .data.status,
    ).toBe("visible");
    expect(
      (await moderate(q.id, { status: "closed", reason: "dup" })).json().data
        .status,
    ).toBe("closed");
    expect(
      (await moderate(q.id, { status: "hidden", reason: "spam" })).json().data
        .status,
    ).toBe("hidden");
    expect(
      (await moderate(q.id, { status: "deleted" })).json().data,
    ).toMatchObject({ status: "deleted", statusBeforeDelete: "hidden" });
    expect(
      (await moderate(q.id, { status: "hidden" })).json().data.status,
    ).toBe("hidden");
    // Moves the machine does not have.
    expect((await moderate(q.id, { status: "pending" })).json().code).toBe(
      Code.CONFLICT,
    );
    expect(
      (await moderate(q.id, { status: "closed", reason: "x" })).json().code,
    ).toBe(Code.CONFLICT);
    const history = await send(
      "GET",
      `/tjc/ask/admin/questions/${q.id}/history`,
      moderator,
    );
    const actions = history
      .json()
      .data.list.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual([
      "restore",
      "delete",
      "hide",
      "close",
      "reopen",
      "close",
      "unhide",
      "hide",
    ]);
    expect(history.json().data.list[0].moderator).toBeTruthy();
    const audit = await t.app.store.db
      .selectFrom("auditLogs")
      .select("action")
      .where("resource", "=", "ask/admin/questions")
      .where("recordId", "=", String(q.id))
      .execute();
    expect(audit).toHaveLength(8);
  });

  test("a stale version is 40900; no change is 40000; an unknown id 40400; bad input 40000 in the caller's language", async () => {
    const q = await kit.ask(asker);
    const stale = await send(
      "PUT",
      `/tjc/ask/admin/questions/${q.id}`,
      moderator,
      { version: q.version + 5, pinned: true },
    );
    expect(stale.json().code).toBe(Code.CONFLICT);
    const nothing = await send(
      "PUT",
      `/tjc/ask/admin/questions/${q.id}`,
      moderator,
      { version: q.version },
    );
    expect(nothing.json().code).toBe(Code.VALIDATION);
    const unknown = await send(
      "PUT",
      "/tjc/ask/admin/questions/999999",
      moderator,
      { version: 1, pinned: true },
    );
    expect(unknown.json().code).toBe(Code.NOT_FOUND);
    for (const payload of [
      { version: 1, status: "gone" },
      { version: "x", pinned: true },
      { version: 1, title: "" },
      { version: 1, title: "x".repeat(151) },
      { version: 1, reason: "r".repeat(501), status: "hidden" },
      { version: 1, tagIds: [] },
    ]) {
      const bad = await send(
        "PUT",
        `/tjc/ask/admin/questions/${q.id}`,
        moderator,
        payload,
        "en-US",
      );
      expect(bad.json().code, JSON.stringify(payload)).toBe(Code.VALIDATION);
    }
    const badFilter = await send(
      "GET",
      `/tjc/ask/admin/questions?filter=${encodeURIComponent('{"status":"x"}')}`,
      moderator,
    );
    expect(badFilter.json().code).toBe(Code.VALIDATION);
    const unknownField = await send(
      "GET",
      `/tjc/ask/admin/questions?filter=${encodeURIComponent('{"nope":1}')}`,
      moderator,
    );
    expect(unknownField.json().code).toBe(Code.VALIDATION);
  });

  test("pin puts a question first on /ask; title and tags are edited; the grid filters", async () => {
    const tag = await kit.makeTag();
    const older = await kit.ask(asker, {
      title: "An older question to pin",
      tagIds: [tag],
    });
    await kit.ask(asker, { title: "A newer question here", tagIds: [tag] });
    expect(
      (await moderate(older.id, { pinned: true })).json().data.pinned,
    ).toBe(true);
    const list = await send(
      "GET",
      `/tjc/ask/questions?filter=${encodeURIComponent(JSON.stringify({ tagId: tag }))}`,
    );
    expect(list.json().data.list[0]).toMatchObject({
      id: older.id,
      pinned: true,
    });
    expect(list.json().data.total).toBe(2);
    const second = await send(
      "GET",
      `/tjc/ask/questions?range=[1,1]&filter=${encodeURIComponent(JSON.stringify({ tagId: tag }))}`,
    );
    expect(
      second.json().data.list.map((q: { id: number }) => q.id),
    ).not.toContain(older.id);
    const other = await kit.makeTag();
    const edited = await moderate(older.id, {
      title: "A better title for it",
      tagIds: [other],
    });
    expect(edited.json().data).toMatchObject({
      title: "A better title for it",
      tags: [{ id: other }],
    });
    const byTag = await send(
      "GET",
      `/tjc/ask/admin/questions?filter=${encodeURIComponent(JSON.stringify({ tagId: other, pinned: true }))}`,
      moderator,
    );
    expect(byTag.json().data.list.map((q: { id: number }) => q.id)).toEqual([
      older.id,
    ]);
    const unknownTag = await moderate(older.id, { tagIds: [999999] });
    expect(unknownTag.json().code).toBe(Code.VALIDATION);
  });

  test("batch: one action on many, all or none", async () => {
    const a = await kit.ask(asker);
    const b = await kit.ask(asker);
    const hide = await send(
      "POST",
      "/tjc/ask/admin/questions/batch",
      moderator,
      { action: "hide", ids: [a.id, b.id], reason: "spam wave" },
    );
    expect(hide.json().code, hide.body).toBe(0);
    expect((await question(a.id)).status).toBe("hidden");
    expect((await question(b.id)).status).toBe("hidden");
    // Closing a hidden question is not a move: nothing of the batch lands.
    await moderate(a.id, { status: "visible" });
    const close = await send(
      "POST",
      "/tjc/ask/admin/questions/batch",
      moderator,
      { action: "close", ids: [a.id, b.id], reason: "x" },
    );
    expect(close.json().code).toBe(Code.CONFLICT);
    expect((await question(a.id)).status).toBe("visible");
    const missing = await send(
      "POST",
      "/tjc/ask/admin/questions/batch",
      moderator,
      { action: "pin", ids: [a.id, 999999] },
    );
    expect(missing.json().code).toBe(Code.NOT_FOUND);
    expect((await question(a.id)).pinned).toBe(false);
    const empty = await send(
      "POST",
      "/tjc/ask/admin/questions/batch",
      moderator,
      { action: "pin", ids: [] },
    );
    expect(empty.json().code).toBe(Code.VALIDATION);
  });

  test("the grid shows every state and filters by open reports", async () => {
    const q = await kit.ask(asker);
    const reply = await kit.answer(answerer, q.id);
    const reporter = await t.loginAs("member");
    await send("POST", "/tjc/ask/reports", reporter, {
      targetType: "answer",
      targetId: reply.id,
      reason: "spam",
    });
    const reported = await send(
      "GET",
      `/tjc/ask/admin/questions?filter=${encodeURIComponent('{"hasOpenReports":true}')}`,
      moderator,
    );
    expect(
      reported.json().data.list.map((x: { id: number }) => x.id),
    ).toContain(q.id);
    const clean = await send(
      "GET",
      `/tjc/ask/admin/questions?filter=${encodeURIComponent('{"hasOpenReports":false}')}`,
      moderator,
    );
    expect(
      clean.json().data.list.map((x: { id: number }) => x.id),
    ).not.toContain(q.id);
    await moderate(q.id, { status: "deleted" });
    const deleted = await send(
      "GET",
      `/tjc/ask/admin/questions?filter=${encodeURIComponent('{"status":"deleted"}')}`,
      moderator,
    );
    expect(deleted.json().data.list.map((x: { id: number }) => x.id)).toContain(
      q.id,
    );
  });
});

describe("answers: hide, recommend, edit with a revision", () => {
  test("every answer state, the recommendation's note on /choicenessCommon, and the kept revision", async () => {
    const q = await kit.ask(asker);
    const reply = await kit.answer(answerer, q.id, "<p>First words</p>");
    let [current] = await adminAnswers(q.id);
    const put = (change: Record<string, unknown>) =>
      send("PUT", `/tjc/ask/admin/answers/${reply.id}`, moderator, {
        version: current!.version,
        ...change,
      });
    const step = async (change: Record<string, unknown>, status: string) => {
      const response = await put(change);
      expect(response.json().code, response.body).toBe(0);
      expect(response.json().data.status).toBe(status);
      current = response.json().data;
    };
    await step({ status: "hidden", reason: "rude" }, "hidden");
    expect((await question(q.id)).answerCount).toBe(0);
    await step({ status: "visible" }, "visible");
    expect((await question(q.id)).answerCount).toBe(1);
    expect((await put({ status: "closed" })).json().code).toBe(Code.VALIDATION);
    await step(
      { recommended: true, recommendNote: "Clear and kind" },
      "visible",
    );
    const chosen = await send("GET", "/tjc/ask/recommended");
    expect(
      chosen.json().data.list.find((a: { id: number }) => a.id === reply.id),
    ).toMatchObject({ recommendNote: "Clear and kind" });
    await step({ body: "<p>Better words</p><script>x</script>" }, "visible");
    expect(current!.body).toBe("<p>Better words</p>");
    const revisions = await send(
      "GET",
      `/tjc/ask/admin/answers/${reply.id}/revisions`,
      moderator,
    );
    expect(revisions.json().data.list[0]).toMatchObject({
      body: "<p>First words</p>",
    });
    expect((await put({ body: "<script>only</script>" })).json().code).toBe(
      Code.VALIDATION,
    );
    await step({ status: "deleted" }, "deleted");
    await step({ status: "visible" }, "visible");
    const stale = await send(
      "PUT",
      `/tjc/ask/admin/answers/${reply.id}`,
      moderator,
      { version: 1, status: "hidden", reason: "x" },
    );
    expect(stale.json().code).toBe(Code.CONFLICT);
    const missing = await send(
      "GET",
      "/tjc/ask/admin/questions/999999/answers",
      moderator,
    );
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });
});

describe("community settings and the review queue", () => {
  test("a stale version is 40900 and bad values 40000; saved values are read back", async () => {
    const current = (
      await send("GET", "/tjc/ask/admin/config", moderator)
    ).json().data;
    expect(current).toMatchObject({ preModeration: "off", signUpOpen: true });
    const stale = await send("PUT", "/tjc/ask/admin/config", moderator, {
      ...current,
      version: current.version + 1,
    });
    expect(stale.json().code).toBe(Code.CONFLICT);
    for (const change of [
      { preModeration: "some" },
      { dailyQuestions: -1 },
      { dailyAnswers: 1.5 },
      { bannedWords: [{ word: "", action: "block" }] },
      { bannedWords: [{ word: "x", action: "shout" }] },
      { signUpOpen: "yes" },
    ]) {
      const bad = await send("PUT", "/tjc/ask/admin/config", moderator, {
        ...current,
        ...change,
      });
      expect(bad.json().code, JSON.stringify(change)).toBe(Code.VALIDATION);
    }
    const saved = await putConfig({
      dailyQuestions: 7,
      bannedWords: [
        { word: "A", action: "block" },
        { word: "a", action: "review" },
      ],
    });
    expect(saved).toMatchObject({
      dailyQuestions: 7,
      bannedWords: [{ word: "A", action: "block" }],
    });
    await putConfig({ dailyQuestions: 20, bannedWords: [] });
  });

  test("banned words: full-width, case and traditional forms; block gives 40000 with the position, review holds the post", async () => {
    await putConfig({
      bannedWords: [
        { word: "casino", action: "block" },
        { word: "赌博", action: "block" },
        { word: "发财", action: "review" },
      ],
    });
    try {
      for (const [title, position] of [
        ["Where is the ＣＡＳＩＮＯ now", 13],
        ["Where is the CaSiNo now?", 13],
        ["我们可以去賭博吗？请问", 5],
      ] as const) {
        const response = await send(
          "POST",
          "/tjc/ask/questions",
          asker,
          { title, body: "<p>body</p>", tagIds: [await kit.makeTag()] },
          "en-US",
        );
        expect(response.json().code, title).toBe(Code.VALIDATION);
        expect(response.json().data.bannedWord).toMatchObject({
          field: "title",
          position,
        });
        expect(response.json().data.errors.title).toContain(
          `position ${position + 1}`,
        );
      }
      const inBody = await send(
        "POST",
        `/tjc/ask/questions/${(await kit.ask(answerer)).id}/answers`,
        asker,
        { body: "<p>no <b>CASINO</b></p>" },
      );
      expect(inBody.json().data.bannedWord).toMatchObject({
        field: "body",
        position: 3,
      });
      const held = await kit.ask(asker, { title: "恭喜發財的祷告可以吗" });
      expect(held.status).toBe("pending");
      const queue = await send("GET", "/tjc/ask/admin/review", moderator);
      expect(
        queue
          .json()
          .data.list.find(
            (item: { targetId: number }) => item.targetId === held.id,
          ),
      ).toMatchObject({ targetType: "question", pendingReason: "word:发财" });
      // An author's edit that brings in a review word sends the answer back to review.
      const open = await kit.ask(answerer);
      const reply = await kit.answer(asker, open.id);
      const edited = await send("PUT", `/tjc/ask/answers/${reply.id}`, asker, {
        body: "<p>祝大家發財</p>",
        version: reply.version,
      });
      expect(edited.json().data.status).toBe("pending");
      expect((await question(open.id)).answerCount).toBe(0);
      const count = await send("GET", "/tjc/ask/admin/review/count", moderator);
      expect(count.json().data.count).toBeGreaterThanOrEqual(1);
    } finally {
      await putConfig({ bannedWords: [] });
    }
  });

  test("pre-moderation of new members' first posts; the queue is oldest first; approving an answer counts it", async () => {
    await putConfig({ preModeration: "newMembers", preModerationPosts: 2 });
    try {
      const first = await kit.ask(asker);
      const second = await kit.ask(asker);
      const third = await kit.ask(asker);
      expect([first.status, second.status, third.status]).toEqual([
        "pending",
        "pending",
        "visible",
      ]);
      const reply = await kit.answer(answerer, third.id);
      expect(reply.status).toBe("pending");
      expect((await question(third.id)).answerCount).toBe(0);
      const queue = (
        await send("GET", "/tjc/ask/admin/review", moderator)
      ).json().data.list as { id: string; createdAt: string }[];
      const times = queue.map((item) => item.createdAt);
      expect([...times].sort()).toEqual(times);
      const approved = await send(
        "PUT",
        `/tjc/ask/admin/answers/${reply.id}`,
        moderator,
        { version: reply.version, status: "visible" },
      );
      expect(approved.json().code).toBe(0);
      expect((await question(third.id)).answerCount).toBe(1);
    } finally {
      await putConfig({ preModeration: "off", preModerationPosts: 3 });
    }
  });

  test("daily limits, minimum account age and closed sign-up", async () => {
    await putConfig({ dailyQuestions: 1, minAccountAgeHours: 0 });
    try {
      await kit.ask(asker);
      const over = await send("POST", "/tjc/ask/questions", asker, {
        title: "One more question today",
        body: "<p>x</p>",
        tagIds: [await kit.makeTag()],
      });
      expect(over.json()).toMatchObject({
        code: Code.TOO_MANY_REQUESTS,
        data: { reason: "dailyLimit" },
      });
      await putConfig({ dailyQuestions: 20, minAccountAgeHours: 2 });
      const young = await send("POST", "/tjc/ask/questions", answerer, {
        title: "A question too early",
        body: "<p>x</p>",
        tagIds: [await kit.makeTag()],
      });
      expect(young.json()).toMatchObject({
        code: Code.FORBIDDEN,
        data: { reason: "accountTooNew" },
      });
      await putConfig({ minAccountAgeHours: 0, signUpOpen: false });
      expect(
        (await send("GET", "/tjc/public/community-config")).json().data
          .signUpOpen,
      ).toBe(false);
      const signUp = await send("POST", "/tjc/public/signup", undefined, {
        loginName: "newbie1",
        userName: "Newbie",
        password: "Long-enough-pass-1",
      });
      expect(signUp.json().code).toBe(Code.FORBIDDEN);
    } finally {
      await putConfig({
        dailyQuestions: 20,
        minAccountAgeHours: 0,
        signUpOpen: true,
      });
    }
  });
});

describe("Q&A tags: delete guard and merge", () => {
  test("a tag in use is 40900 on delete; an unused one goes", async () => {
    const used = await kit.makeTag();
    await kit.ask(asker, { tagIds: [used] });
    const refused = await send(
      "DELETE",
      `/tjc/ask/admin/tags/${used}`,
      moderator,
    );
    expect(refused.json()).toMatchObject({
      code: Code.CONFLICT,
      data: { questions: 1 },
    });
    const free = await kit.makeTag();
    expect(
      (await send("DELETE", `/tjc/ask/admin/tags/${free}`, moderator)).json()
        .code,
    ).toBe(0);
  });

  test("merge moves every question and removes the tag; a question with both keeps one link", async () => {
    const source = await kit.makeTag();
    const target = await kit.makeTag();
    const both = await kit.ask(asker, { tagIds: [source, target] });
    const only = await kit.ask(asker, { tagIds: [source] });
    const version = (
      await send("GET", `/tjc/ask/admin/tags/${source}`, moderator)
    ).json().data.version;
    expect(
      (
        await send("POST", `/tjc/ask/admin/tags/${source}/merge`, moderator, {
          targetId: source,
          version,
        })
      ).json().code,
    ).toBe(Code.VALIDATION);
    expect(
      (
        await send("POST", `/tjc/ask/admin/tags/${source}/merge`, moderator, {
          targetId: target,
          version: version + 1,
        })
      ).json().code,
    ).toBe(Code.CONFLICT);
    expect(
      (
        await send("POST", `/tjc/ask/admin/tags/${source}/merge`, moderator, {
          targetId: 999999,
          version,
        })
      ).json().code,
    ).toBe(Code.NOT_FOUND);
    const merged = await send(
      "POST",
      `/tjc/ask/admin/tags/${source}/merge`,
      moderator,
      { targetId: target, version },
    );
    expect(merged.json().data).toEqual({ moved: 2, targetId: target });
    expect(
      (await question(both.id)).tags.map((tag: { id: number }) => tag.id),
    ).toEqual([target]);
    expect(
      (await question(only.id)).tags.map((tag: { id: number }) => tag.id),
    ).toEqual([target]);
    expect(
      (await send("GET", `/tjc/ask/admin/tags/${source}`, moderator)).json()
        .code,
    ).toBe(Code.NOT_FOUND);
  });

  test("merge is atomic: a failure after the moves leaves both tags and every link as they were", async () => {
    const source = await kit.makeTag();
    const target = await kit.makeTag();
    const q = await kit.ask(asker, { tagIds: [source] });
    const version = (
      await send("GET", `/tjc/ask/admin/tags/${source}`, moderator)
    ).json().data.version;
    // The audit row is the merge's last write: without its table the transaction fails there.
    await sql`ALTER TABLE audit_logs RENAME TO audit_logs_away`.execute(
      t.app.store.db,
    );
    try {
      const failed = await send(
        "POST",
        `/tjc/ask/admin/tags/${source}/merge`,
        moderator,
        { targetId: target, version },
      );
      expect(failed.json().code).not.toBe(0);
    } finally {
      await sql`ALTER TABLE audit_logs_away RENAME TO audit_logs`.execute(
        t.app.store.db,
      );
    }
    expect(
      (await question(q.id)).tags.map((tag: { id: number }) => tag.id),
    ).toEqual([source]);
    expect(
      (await send("GET", `/tjc/ask/admin/tags/${source}`, moderator)).json()
        .code,
    ).toBe(0);
  });
});

describe("complaints", () => {
  test("reports grouped by target; hide + mute resolves them, tells the reporters, and stays searchable", async () => {
    const q = await kit.ask(asker);
    const reply = await kit.answer(
      answerer,
      q.id,
      "<p>Some rude words here</p>",
    );
    const reporters = [await t.loginAs("member"), await t.loginAs("member")];
    for (const [index, token] of reporters.entries()) {
      const sent = await send("POST", "/tjc/ask/reports", token, {
        targetType: "answer",
        targetId: reply.id,
        reason: index === 0 ? "abuse" : "spam",
        text: "please look",
      });
      expect(sent.json().code).toBe(0);
    }
    const open = await send("GET", "/tjc/ask/admin/reports", moderator);
    const group = open
      .json()
      .data.list.find(
        (g: { targetId: number; targetType: string }) =>
          g.targetType === "answer" && g.targetId === reply.id,
      );
    expect(group).toMatchObject({
      count: 2,
      reasons: { abuse: 1, spam: 1 },
      preview: "Some rude words here",
      questionId: q.id,
      status: "open",
    });
    expect(group.reporters).toHaveLength(2);
    const until = new Date(Date.now() + 24 * 3600_000).toISOString();
    const hide = await send(
      "POST",
      "/tjc/ask/admin/reports/resolve",
      moderator,
      {
        targetType: "answer",
        targetId: reply.id,
        resolution: "hide",
        note: "rude",
      },
    );
    expect(hide.json().data.resolved).toBe(2);
    const [after] = await adminAnswers(q.id);
    expect(after!.status).toBe("hidden");
    // Nothing open is left for that target.
    const again = await send(
      "POST",
      "/tjc/ask/admin/reports/resolve",
      moderator,
      { targetType: "answer", targetId: reply.id, resolution: "mute", until },
    );
    expect(again.json().code).toBe(Code.NOT_FOUND);
    for (const token of reporters) {
      const notices = await send("GET", "/tjc/ask/notifications", token);
      expect(
        notices.json().data.list.map((n: { kind: string }) => n.kind),
      ).toContain("reportHandled");
    }
    const handled = await send(
      "GET",
      `/tjc/ask/admin/reports?filter=${encodeURIComponent(JSON.stringify({ status: "handled", q: "rude words" }))}`,
      moderator,
    );
    expect(handled.json().data.list[0]).toMatchObject({
      targetId: reply.id,
      resolution: "hide",
      resolutionNote: "rude",
    });
    expect(handled.json().data.list[0].handledBy).toBeTruthy();

    const user = await kit.userIdOf(answerer);
    await send("POST", "/tjc/ask/reports", reporters[0], {
      targetType: "user",
      targetId: user,
      reason: "abuse",
    });
    const hideUser = await send(
      "POST",
      "/tjc/ask/admin/reports/resolve",
      moderator,
      { targetType: "user", targetId: user, resolution: "hide" },
    );
    expect(hideUser.json().code).toBe(Code.VALIDATION);
    const noUntil = await send(
      "POST",
      "/tjc/ask/admin/reports/resolve",
      moderator,
      { targetType: "user", targetId: user, resolution: "mute" },
    );
    expect(noUntil.json().code).toBe(Code.VALIDATION);
    const mute = await send(
      "POST",
      "/tjc/ask/admin/reports/resolve",
      moderator,
      { targetType: "user", targetId: user, resolution: "mute", until },
    );
    expect(mute.json().code).toBe(0);
    const vote = await kit.vote(answerer, "question", q.id, 1);
    expect(vote.json()).toMatchObject({
      code: Code.MUTED,
      data: { until: new Date(Date.parse(until)).toISOString() },
    });
  });

  test("dismissing leaves the content alone", async () => {
    const q = await kit.ask(asker);
    const reporter = await t.loginAs("member");
    await send("POST", "/tjc/ask/reports", reporter, {
      targetType: "question",
      targetId: q.id,
      reason: "offTopic",
    });
    const dismissed = await send(
      "POST",
      "/tjc/ask/admin/reports/resolve",
      moderator,
      { targetType: "question", targetId: q.id, resolution: "dismiss" },
    );
    expect(dismissed.json().code).toBe(0);
    expect((await question(q.id)).status).toBe("visible");
    const bad = await send(
      "POST",
      "/tjc/ask/admin/reports/resolve",
      moderator,
      { targetType: "post", targetId: q.id, resolution: "dismiss" },
    );
    expect(bad.json().code).toBe(Code.VALIDATION);
  });
});

describe("mutes", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a timed mute ends by itself when its time passes (fake clock)", async () => {
    const userId = await kit.userIdOf(answerer);
    const q = await kit.ask(asker);
    const start = Date.now();
    const until = new Date(start + 60_000).toISOString();
    const muted = await send("POST", "/tjc/ask/admin/mutes", moderator, {
      userId,
      until,
      reason: "cool down",
    });
    expect(muted.json().data.until).toBe(until);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 59_000);
    const refused = await send(
      "POST",
      `/tjc/ask/questions/${q.id}/answers`,
      answerer,
      { body: "<p>hi</p>" },
    );
    expect(refused.json()).toMatchObject({ code: Code.MUTED, data: { until } });
    vi.setSystemTime(start + 61_000);
    const allowed = await send(
      "POST",
      `/tjc/ask/questions/${q.id}/answers`,
      answerer,
      { body: "<p>hi</p>" },
    );
    expect(allowed.json().code, allowed.body).toBe(0);
    const list = await send(
      "GET",
      `/tjc/ask/admin/mutes?filter=${encodeURIComponent(JSON.stringify({ userId }))}`,
      moderator,
    );
    expect(list.json().data.list[0]).toMatchObject({
      until,
      active: false,
      reason: "cool down",
    });
  });

  test("a permanent mute holds until lifted; lifting keeps the record", async () => {
    const userId = await kit.userIdOf(answerer);
    const q = await kit.ask(asker);
    const muted = await send("POST", "/tjc/ask/admin/mutes", moderator, {
      userId,
      until: null,
      reason: "",
    });
    expect(muted.json().data.until).toBeNull();
    const refused = await send("POST", "/tjc/ask/reports", answerer, {
      targetType: "question",
      targetId: q.id,
      reason: "spam",
    });
    expect(refused.json()).toMatchObject({
      code: Code.MUTED,
      data: { until: null, permanent: true },
    });
    const listed = await send(
      "GET",
      `/tjc/ask/admin/mutes?filter=${encodeURIComponent(JSON.stringify({ userId, active: true }))}`,
      moderator,
    );
    expect(listed.json().data.list[0]).toMatchObject({
      until: null,
      active: true,
    });
    expect(listed.json().data.list[0].createdBy).toBeTruthy();
    const lifted = await send(
      "DELETE",
      `/tjc/ask/admin/mutes/${muted.json().data.id}`,
      moderator,
    );
    expect(lifted.json().code).toBe(0);
    const posted = await send(
      "POST",
      `/tjc/ask/questions/${q.id}/answers`,
      answerer,
      { body: "<p>back</p>" },
    );
    expect(posted.json().code).toBe(0);
    const record = await send(
      "GET",
      `/tjc/ask/admin/mutes?filter=${encodeURIComponent(JSON.stringify({ userId }))}`,
      moderator,
    );
    expect(record.json().data.list[0]).toMatchObject({ active: false });
    expect(record.json().data.list[0].liftedAt).toBeTruthy();
  });

  test("bad input: a past end, an unknown member or mute, a bad time", async () => {
    const userId = await kit.userIdOf(answerer);
    const past = await send(
      "POST",
      "/tjc/ask/admin/mutes",
      moderator,
      { userId, until: "2000-01-01T00:00:00Z" },
      "en-US",
    );
    expect(past.json()).toMatchObject({
      code: Code.VALIDATION,
      data: { errors: { until: "The end must be later than now" } },
    });
    for (const payload of [
      { userId },
      { userId, until: "tomorrow" },
      { userId: 0, until: null },
    ]) {
      expect(
        (await send("POST", "/tjc/ask/admin/mutes", moderator, payload)).json()
          .code,
        JSON.stringify(payload),
      ).toBe(Code.VALIDATION);
    }
    expect(
      (
        await send("POST", "/tjc/ask/admin/mutes", moderator, {
          userId: 999999,
          until: null,
        })
      ).json().code,
    ).toBe(Code.NOT_FOUND);
    expect(
      (await send("DELETE", "/tjc/ask/admin/mutes/999999", moderator)).json()
        .code,
    ).toBe(Code.NOT_FOUND);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";

/**
 * Anonymous asking and answering (issue 24, item 6): the public and the moderation lists
 * never name the author; a moderator learns it only by the audited reveal; an anonymous
 * post goes through every rule a named one does.
 */
let t: TestApp;
let kit: ReturnType<typeof askKit>;
let moderator: string;
let nobody: string;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  moderator = await t.loginAs("moderator");
  nobody = await t.loginAs("none");
  member = await t.loginAs("member");
});
afterAll(async () => {
  await t.close();
});

type Sent = Awaited<ReturnType<TestApp["request"]>>;
const send = (
  method: "GET" | "POST" | "PUT",
  url: string,
  token?: string,
  payload?: object,
  language?: string,
): Promise<Sent> => t.request({ method, url, token, payload, language });

/** A fresh member with a display name of their own (distinct from the login name). */
async function namedMember() {
  const token = await t.loginAs("member");
  const userId = await kit.userIdOf(token);
  const userName = `Sister Secret ${Math.random().toString(36).slice(2, 8)}`;
  await t.app.store.db
    .updateTable("users")
    .set({ userName })
    .where("id", "=", userId)
    .execute();
  const { loginName } = await t.app.store.db
    .selectFrom("users")
    .select("loginName")
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  return { token, userId, userName, loginName };
}

async function putConfig(change: Record<string, unknown>) {
  const current = (await send("GET", "/tjc/ask/admin/config", moderator)).json()
    .data;
  const response = await send("PUT", "/tjc/ask/admin/config", moderator, {
    ...current,
    ...change,
  });
  expect(response.json().code, response.body).toBe(0);
}

const anonymousQuestion = (token: string, extra: object = {}) =>
  kit.ask(token, { anonymous: true, ...extra });

async function anonymousAnswer(token: string, questionId: number) {
  const response = await send(
    "POST",
    `/tjc/ask/questions/${questionId}/answers`,
    token,
    { body: `<p>An answer (${Math.random()})</p>`, anonymous: true },
  );
  expect(response.json().code, response.body).toBe(0);
  return response.json().data as { id: number; version: number };
}

describe("POST /tjc/ask/admin/{questions,answers}/:id/reveal", () => {
  const urls = [
    "/tjc/ask/admin/questions/1/reveal",
    "/tjc/ask/admin/answers/1/reveal",
  ];
  test("rejects without a session", async () => {
    for (const url of urls) {
      const response = await send("POST", url, undefined, { reason: "x" });
      expect(response.json().code).toBe(Code.SESSION_EXPIRED);
    }
  });

  test("rejects without permission (a member, a user without roles)", async () => {
    for (const url of urls) {
      for (const token of [member, nobody]) {
        const response = await send("POST", url, token, { reason: "x" });
        expect(response.json().code).toBe(Code.FORBIDDEN);
        expect(response.json().data).toBeNull();
      }
    }
  });

  test("requires a reason, answers the author and writes the audit row with it", async () => {
    const author = await namedMember();
    const question = await anonymousQuestion(author.token);
    const answer = await anonymousAnswer(author.token, question.id);
    const blank = await send(
      "POST",
      `/tjc/ask/admin/questions/${question.id}/reveal`,
      moderator,
      { reason: "  " },
      "en-US",
    );
    expect(blank.json()).toMatchObject({
      code: Code.VALIDATION,
      data: { errors: { reason: "Please give a reason" } },
    });
    const missing = await send(
      "POST",
      `/tjc/ask/admin/answers/${answer.id}/reveal`,
      moderator,
      {},
    );
    expect(missing.json().code).toBe(Code.VALIDATION);
    // Past its 500 characters, or not text: refused at the field, before any read.
    for (const reason of ["x".repeat(501), 42]) {
      const bad = await send(
        "POST",
        `/tjc/ask/admin/answers/${answer.id}/reveal`,
        moderator,
        { reason },
      );
      expect(bad.json().code, bad.body).toBe(Code.VALIDATION);
      expect(bad.json().data.errors).toHaveProperty("reason");
      expect(bad.body).not.toContain(author.loginName);
    }
    const unknown = await send(
      "POST",
      "/tjc/ask/admin/answers/2147483647/reveal",
      moderator,
      { reason: "checking" },
    );
    expect(unknown.json().code).toBe(Code.NOT_FOUND);
    // No audit row for a refused reveal.
    const before = await t.app.store.db
      .selectFrom("auditLogs")
      .select("id")
      .where("action", "=", "reveal")
      .execute();

    for (const [path, id] of [
      ["questions", question.id],
      ["answers", answer.id],
    ] as const) {
      const reason = `Threat of self-harm in ${path} ${id}`;
      const revealed = await send(
        "POST",
        `/tjc/ask/admin/${path}/${id}/reveal`,
        moderator,
        { reason },
      );
      expect(revealed.json()).toMatchObject({
        code: 0,
        data: {
          userId: author.userId,
          userName: author.userName,
          loginName: author.loginName,
          anonymous: true,
        },
      });
      const audit = await t.app.store.db
        .selectFrom("auditLogs")
        .selectAll()
        .where("action", "=", "reveal")
        .where("resource", "=", `ask/admin/${path}`)
        .where("recordId", "=", String(id))
        .executeTakeFirstOrThrow();
      expect(audit.userId).toBe(await kit.userIdOf(moderator));
      expect(JSON.parse(audit.changes)).toMatchObject({
        reason: [null, reason],
        authorId: [null, author.userId],
      });
    }
    const after = await t.app.store.db
      .selectFrom("auditLogs")
      .select("id")
      .where("action", "=", "reveal")
      .execute();
    expect(after.length - before.length).toBe(2);
  });
});

describe("nothing public names the author of an anonymous post", () => {
  test("the API, the pages, JSON-LD, the sitemap, notices and the moderation lists", async () => {
    const asker = await namedMember();
    const answerer = await namedMember();
    const question = await anonymousQuestion(asker.token, {
      title: "May I ask about a doubt without my name?",
    });
    expect(question).toMatchObject({
      author: {
        userId: 0,
        userName: "匿名弟兄姊妹",
        anonymous: true,
        staff: false,
      },
    });
    const answer = await anonymousAnswer(answerer.token, question.id);
    // A moderator recommends it, so it shows on /choicenessCommon too.
    const recommend = await send(
      "PUT",
      `/tjc/ask/admin/answers/${answer.id}`,
      moderator,
      { recommended: true, recommendNote: "Kind", version: answer.version },
    );
    expect(recommend.json().code, recommend.body).toBe(0);
    // A report, so the reports list shows the post.
    const report = await send("POST", "/tjc/ask/reports", member, {
      targetType: "answer",
      targetId: answer.id,
      reason: "other",
    });
    expect(report.json().code, report.body).toBe(0);

    const secrets = [
      asker.userName,
      asker.loginName,
      answerer.userName,
      answerer.loginName,
    ];
    const leaks = (text: string) =>
      secrets.filter((secret) => text.includes(secret));
    const reads: [string, string | undefined, string?][] = [
      ["/tjc/ask/questions", undefined],
      [`/tjc/ask/questions/${question.id}`, undefined],
      [`/tjc/ask/questions/${question.id}/answers`, undefined],
      ["/tjc/ask/recommended", undefined],
      [`/topicDetail?id=${question.id}`, undefined],
      [`/topicDetail?id=${question.id}`, undefined, "en-US"],
      ["/ask", undefined],
      ["/choicenessCommon", undefined, "en-US"],
      ["/sitemap.xml", undefined],
      // The asker's notice of the anonymous answer.
      ["/tjc/ask/notifications", asker.token],
      // The moderation lists mask it too: only the reveal names the author.
      ["/tjc/ask/admin/questions", moderator],
      [`/tjc/ask/admin/questions/${question.id}`, moderator],
      [`/tjc/ask/admin/questions/${question.id}/answers`, moderator],
      [`/tjc/ask/admin/answers/${answer.id}/revisions`, moderator],
      ["/tjc/ask/admin/reports", moderator],
    ];
    for (const [url, token, language] of reads) {
      const response = await send("GET", url, token, undefined, language);
      expect(response.statusCode, url).toBe(200);
      expect(leaks(response.body), url).toEqual([]);
    }
    const page = (await send("GET", `/topicDetail?id=${question.id}`)).body;
    expect(page).toContain("匿名弟兄姊妹");
    // JSON-LD names the anonymous member, not a person.
    expect(page).toContain('"name":"匿名弟兄姊妹"');
    const english = (
      await send(
        "GET",
        `/topicDetail?id=${question.id}`,
        undefined,
        undefined,
        "en-US",
      )
    ).body;
    expect(english).toContain("Anonymous member");
    const api = (
      await send(
        "GET",
        `/tjc/ask/questions/${question.id}/answers`,
        undefined,
        undefined,
        "en-US",
      )
    ).json().data.list;
    expect(api[0].author).toEqual({
      userId: 0,
      userName: "Anonymous member",
      anonymous: true,
      staff: false,
    });
    // A moderator's filter by the author never finds the anonymous question.
    for (const filter of [
      { authorId: asker.userId },
      { author: asker.loginName },
    ]) {
      const found = (
        await send(
          "GET",
          `/tjc/ask/admin/questions?filter=${encodeURIComponent(JSON.stringify(filter))}`,
          moderator,
        )
      ).json().data.list as { id: number }[];
      expect(found.map((q) => q.id)).not.toContain(question.id);
    }
  });

  test("answering one's own anonymous question links nothing; only the author learns which posts are theirs", async () => {
    const asker = await namedMember();
    const other = await namedMember();
    const question = await anonymousQuestion(asker.token);
    const own = await anonymousAnswer(asker.token, question.id);
    const theirs = await anonymousAnswer(other.token, question.id);
    const list = (
      await send("GET", `/tjc/ask/questions/${question.id}/answers`)
    ).json().data.list as { id: number; author: object }[];
    // Both answers read the same: nothing tells the asker's own answer apart.
    expect(list.find((a) => a.id === own.id)!.author).toEqual(
      list.find((a) => a.id === theirs.id)!.author,
    );
    const mine = (token: string) =>
      send("GET", `/tjc/ask/questions/${question.id}/votes`, token).then(
        (response) => response.json().data.mine,
      );
    expect(await mine(asker.token)).toEqual({
      question: true,
      answers: [own.id],
    });
    expect(await mine(other.token)).toEqual({
      question: false,
      answers: [theirs.id],
    });
    expect(await mine(member)).toEqual({ question: false, answers: [] });
    // The anonymous asker still accepts an answer and edits their question.
    const accept = await send(
      "POST",
      `/tjc/ask/questions/${question.id}/accept`,
      asker.token,
      { answerId: theirs.id },
    );
    expect(accept.json().code, accept.body).toBe(0);
    // Their own post takes no vote from them, as any own post.
    const vote = await kit.vote(asker.token, "answer", own.id, 1);
    expect(vote.json().data.reason).toBe("ownVote");
  });
});

describe("the rules an anonymous post goes through", () => {
  test("the settings turn anonymous posting off, in the member's language", async () => {
    await putConfig({ anonymousPosting: false });
    try {
      const question = await kit.ask(member);
      const tagId = await kit.makeTag();
      const refused = await send(
        "POST",
        "/tjc/ask/questions",
        member,
        {
          title: "An anonymous try",
          body: "<p>x</p>",
          tagIds: [tagId],
          anonymous: true,
        },
        "en-US",
      );
      expect(refused.json()).toMatchObject({
        code: Code.FORBIDDEN,
        message: "This site does not take anonymous posts at the moment.",
        data: { reason: "anonymousOff" },
      });
      const answer = await send(
        "POST",
        `/tjc/ask/questions/${question.id}/answers`,
        member,
        { body: "<p>y</p>", anonymous: true },
      );
      expect(answer.json()).toMatchObject({
        code: Code.FORBIDDEN,
        message: "本站目前不接受匿名发帖。",
      });
      // A named post still goes through.
      await kit.answer(member, question.id);
    } finally {
      await putConfig({ anonymousPosting: true });
    }
  });

  test("the settings refuse a bad anonymous setting with 40000 at its field", async () => {
    const current = (
      await send("GET", "/tjc/ask/admin/config", moderator)
    ).json().data;
    expect(current).toMatchObject({
      anonymousPosting: true,
      anonymousMinAccountDays: 0,
    });
    for (const bad of [
      { anonymousMinAccountDays: -1 },
      { anonymousMinAccountDays: 1.5 },
      { anonymousPosting: "yes" },
    ]) {
      const response = await send("PUT", "/tjc/ask/admin/config", moderator, {
        ...current,
        ...bad,
      });
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(Object.keys(response.json().data.errors)).toEqual(
        Object.keys(bad),
      );
    }
  });

  test("a member younger than anonymousMinAccountDays is refused; an older one is not", async () => {
    await putConfig({ anonymousMinAccountDays: 3 });
    try {
      const young = await namedMember();
      const tagId = await kit.makeTag();
      const refused = await send(
        "POST",
        "/tjc/ask/questions",
        young.token,
        {
          title: "Too new to hide",
          body: "<p>x</p>",
          tagIds: [tagId],
          anonymous: true,
        },
        "en-US",
      );
      expect(refused.json()).toMatchObject({
        code: Code.FORBIDDEN,
        message: "You can post anonymously once your account is 3 days old.",
        data: { reason: "anonymousTooNew" },
      });
      const old = await namedMember();
      await t.app.store.db
        .updateTable("users")
        .set({ createdAt: new Date(Date.now() - 4 * 86_400_000).toISOString() })
        .where("id", "=", old.userId)
        .execute();
      const question = await anonymousQuestion(old.token);
      expect(question).toMatchObject({ author: { anonymous: true } });
    } finally {
      await putConfig({ anonymousMinAccountDays: 0 });
    }
  });

  test("a muted member cannot post anonymously either", async () => {
    const muted = await namedMember();
    const question = await kit.ask(member);
    const mute = await send("POST", "/tjc/ask/admin/mutes", moderator, {
      userId: muted.userId,
      until: null,
      reason: "cool down",
    });
    expect(mute.json().code, mute.body).toBe(0);
    const answer = await send(
      "POST",
      `/tjc/ask/questions/${question.id}/answers`,
      muted.token,
      { body: "<p>hidden voice</p>", anonymous: true },
    );
    expect(answer.json().code).toBe(Code.MUTED);
    const ask = await send("POST", "/tjc/ask/questions", muted.token, {
      title: "A muted anonymous question",
      body: "<p>x</p>",
      tagIds: [await kit.makeTag()],
      anonymous: true,
    });
    expect(ask.json().code).toBe(Code.MUTED);
  });

  test("anonymous posts count toward the member's daily limit", async () => {
    await putConfig({ dailyQuestions: 1 });
    try {
      const poster = await namedMember();
      await anonymousQuestion(poster.token);
      const over = await send("POST", "/tjc/ask/questions", poster.token, {
        title: "A second question today",
        body: "<p>x</p>",
        tagIds: [await kit.makeTag()],
      });
      expect(over.json()).toMatchObject({
        code: Code.TOO_MANY_REQUESTS,
        data: { reason: "dailyLimit" },
      });
      const overAnonymous = await send(
        "POST",
        "/tjc/ask/questions",
        poster.token,
        {
          title: "A third, anonymous",
          body: "<p>y</p>",
          tagIds: [await kit.makeTag()],
          anonymous: true,
        },
      );
      expect(overAnonymous.json().code).toBe(Code.TOO_MANY_REQUESTS);
    } finally {
      await putConfig({ dailyQuestions: 20 });
    }
  });

  test("banned words: a block word refuses it, a review word holds it for review", async () => {
    await putConfig({
      bannedWords: [
        { word: "forbiddenword", action: "block" },
        { word: "reviewword", action: "review" },
      ],
    });
    try {
      const poster = await namedMember();
      const question = await kit.ask(member);
      const blocked = await send(
        "POST",
        `/tjc/ask/questions/${question.id}/answers`,
        poster.token,
        { body: "<p>forbiddenword here</p>", anonymous: true },
      );
      expect(blocked.json()).toMatchObject({
        code: Code.VALIDATION,
        data: { bannedWord: { word: "forbiddenword" } },
      });
      const held = await send(
        "POST",
        `/tjc/ask/questions/${question.id}/answers`,
        poster.token,
        { body: "<p>a reviewword here</p>", anonymous: true },
      );
      expect(held.json()).toMatchObject({
        code: 0,
        data: { status: "pending", author: { anonymous: true } },
      });
      // The review queue masks the author as well.
      const queue = (await send("GET", "/tjc/ask/admin/review", moderator))
        .body;
      expect(queue).toContain(`"targetId":${held.json().data.id}`);
      expect(queue).not.toContain(poster.userName);
      expect(queue).not.toContain(poster.loginName);
    } finally {
      await putConfig({ bannedWords: [] });
    }
  });
});

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

/**
 * The refusals a member meets read as plain sentences in their language, not the
 * generic "数据冲突：记录已被修改或存在重复值" (issue 25, item 13).
 */
let t: TestApp;
let kit: ReturnType<typeof askKit>;
let asker: string;
let answerer: string;
let nobody: string;
let moderator: string;
beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  nobody = await t.loginAs("none");
  moderator = await t.loginAs("moderator");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  asker = await t.loginAs("member");
  answerer = await t.loginAs("member");
});

describe("POST /tjc/ask/votes on one's own post", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/votes",
      payload: {},
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("rejects without permission", async () => {
    const response = await t.request({
      method: "POST",
      url: "/tjc/ask/votes",
      token: nobody,
      payload: { targetType: "question", targetId: 1, value: 1 },
    });
    expect(response.json().code).toBe(Code.FORBIDDEN);
    expect(response.json().data).toBeNull();
  });

  test("is refused with error.own_vote's sentence in both languages", async () => {
    const question = await kit.ask(asker);
    const own = await t.request({
      method: "POST",
      url: "/tjc/ask/votes",
      token: asker,
      language: "en-US",
      payload: { targetType: "question", targetId: question.id, value: 1 },
    });
    expect(own.json()).toMatchObject({
      code: Code.FORBIDDEN,
      message: "You cannot vote on your own post.",
      data: { reason: "ownVote" },
    });
    const zh = await kit.vote(asker, "question", question.id, 1);
    expect(zh.json().message).toBe("不能给自己的内容投票。");
  });
});

describe("conflicts a member meets", () => {
  test("a second report on the same post: 'you already reported this'", async () => {
    const question = await kit.ask(asker);
    const report = (language: string) =>
      t.request({
        method: "POST",
        url: "/tjc/ask/reports",
        token: answerer,
        language,
        payload: {
          targetType: "question",
          targetId: question.id,
          reason: "spam",
        },
      });
    expect((await report("en-US")).json().code).toBe(0);
    const again = await report("en-US");
    expect(again.json()).toMatchObject({
      code: Code.CONFLICT,
      message: "You already reported this; the moderators are looking at it.",
      data: { reason: "alreadyReported" },
    });
    expect((await report("zh-CN")).json().message).toBe(
      "你已经举报过这条内容，版主正在处理。",
    );
  });

  test("an answer to a closed question and a stale edit say why", async () => {
    const question = await kit.ask(asker);
    const reply = await kit.answer(answerer, question.id);
    await t.app.store.db
      .updateTable("askQuestions")
      .set({ status: "closed" })
      .where("id", "=", question.id)
      .execute();
    const closed = await t.request({
      method: "POST",
      url: `/tjc/ask/questions/${question.id}/answers`,
      token: answerer,
      language: "en-US",
      payload: { body: "<p>Late.</p>" },
    });
    expect(closed.json()).toMatchObject({
      code: Code.CONFLICT,
      message: "This question is closed and takes no new answers.",
    });
    const stale = await t.request({
      method: "PUT",
      url: `/tjc/ask/answers/${reply.id}`,
      token: answerer,
      language: "zh-CN",
      payload: { body: "<p>Edited.</p>", version: reply.version + 5 },
    });
    expect(stale.json()).toMatchObject({
      code: Code.CONFLICT,
      message: "内容已在别处修改，请刷新页面后再改。",
    });
  });

  test("deleting a tag two questions use: 'this tag is used by 2 questions'", async () => {
    const tag = await kit.makeTag();
    await kit.ask(asker, { tagIds: [tag] });
    await kit.ask(answerer, { tagIds: [tag] });
    const refused = await t.request({
      method: "DELETE",
      url: `/tjc/ask/admin/tags/${tag}`,
      token: moderator,
      language: "en-US",
    });
    expect(refused.json()).toMatchObject({
      code: Code.CONFLICT,
      message:
        "This tag is used by 2 questions; merge it into another tag first.",
      data: { reason: "tagInUse", questions: 2 },
    });
    const one = await kit.makeTag();
    await kit.ask(asker, { tagIds: [one] });
    const single = await t.request({
      method: "DELETE",
      url: `/tjc/ask/admin/tags/${one}`,
      token: moderator,
      language: "en-US",
    });
    expect(single.json().message).toBe(
      "This tag is used by 1 question; merge it into another tag first.",
    );
  });

  test("signing up with a taken login name: 'that login name is taken', at the field", async () => {
    const signUp = (userName: string) =>
      t.request({
        method: "POST",
        url: "/tjc/public/signup",
        language: "en-US",
        remoteAddress: `10.31.${Math.floor(Math.random() * 250)}.1`,
        payload: {
          loginName: "refusal-taken",
          userName,
          password: "grace2026",
        },
      });
    expect((await signUp("First Refusal")).json().code).toBe(0);
    expect((await signUp("Second Refusal")).json()).toMatchObject({
      code: Code.CONFLICT,
      message: "That login name is taken; please choose another.",
      data: {
        errors: {
          loginName:
            "That login name is taken (upper and lower case count as the same)",
        },
      },
    });
  });
});

describe("images in posts", () => {
  test("only the media library's images are kept; other hosts' and data: images are stripped", async () => {
    const question = await kit.ask(asker, {
      body:
        '<p>Look <img src="https://tracker.example/pixel.gif?u=1" alt="x"> here' +
        '<img src="/files/ab/cd/photo.png" alt="ours">' +
        '<img src="/tjc/files/ab/cd/other.png" alt="ours too">' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">' +
        '<img src="//evil.example/p.gif"></p>',
    });
    expect(question.body).not.toContain("tracker.example");
    expect(question.body).not.toContain("data:image");
    expect(question.body).not.toContain("evil.example");
    expect(question.body).toContain('src="/files/ab/cd/photo.png"');
    expect(question.body).toContain('src="/tjc/files/ab/cd/other.png"');
    const reply = await kit.answer(
      answerer,
      question.id,
      '<p>Thanks<img src="http://198.51.100.7/p.gif"></p>',
    );
    expect(reply.body).toBe("<p>Thanks</p>");
  });
});

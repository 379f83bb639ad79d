import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { askKit } from "./ask-test-kit.js";

let t: TestApp;
let kit: ReturnType<typeof askKit>;
let moderator: string;
let editor: string;

beforeAll(async () => {
  t = await buildTestApp();
  kit = askKit(t);
  moderator = await t.loginAs("moderator");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

function get(url: string, token?: string, language?: string) {
  return t.request({ method: "GET", url, token, language });
}

function members(filter: Record<string, unknown>) {
  return `/tjc/ask/admin/members?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/** Renames a fresh member, so a search has a name of its own to find. */
async function memberNamed(userName: string) {
  const token = await t.loginAs("member");
  const id = await kit.userIdOf(token);
  await t.app.store.db
    .updateTable("users")
    .set({ userName })
    .where("id", "=", id)
    .execute();
  return id;
}

describe("moderation look-ups (issue 26 item 3)", () => {
  test("rejects without a session", async () => {
    for (const url of [
      "/tjc/ask/admin/members",
      "/tjc/ask/admin/tags/1/usage",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code, url).toBe(Code.SESSION_EXPIRED);
    }
  });

  test("rejects without permission", async () => {
    // An editor holds neither askMute:create nor askTag:read; a member neither.
    const member = await t.loginAs("member");
    for (const token of [editor, member]) {
      for (const url of [
        "/tjc/ask/admin/members",
        "/tjc/ask/admin/tags/1/usage",
      ]) {
        const response = await get(url, token);
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code, url).toBe(Code.FORBIDDEN);
      }
    }
  });

  test("finds members by part of the display or login name, case-insensitively", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const grace = await memberNamed(`Grace-${suffix}`);
    const other = await memberNamed(`Peter-${suffix}`);
    const response = await get(members({ q: `grace-${suffix}` }), moderator);
    expect(response.json().code, response.body).toBe(0);
    const ids = response.json().data.list.map((m: { id: number }) => m.id);
    expect(ids).toContain(grace);
    expect(ids).not.toContain(other);
    expect(response.json().data.list[0]).toMatchObject({
      id: grace,
      userName: `Grace-${suffix}`,
    });
  });

  test("takes % and _ literally, leaves out disabled accounts, caps at 20", async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const literal = await memberNamed(`x%_${suffix}`);
    const plain = await memberNamed(`xab${suffix}`);
    const found = await get(members({ q: `%_${suffix}` }), moderator);
    const ids = found.json().data.list.map((m: { id: number }) => m.id);
    expect(ids).toEqual([literal]);
    expect(ids).not.toContain(plain);
    await t.app.store.db
      .updateTable("users")
      .set({ status: "disabled" })
      .where("id", "=", literal)
      .execute();
    const again = await get(members({ q: `%_${suffix}` }), moderator);
    expect(again.json().data.list).toEqual([]);
    const all = await get("/tjc/ask/admin/members", moderator);
    expect(all.json().code).toBe(0);
    expect(all.json().data.list.length).toBeLessThanOrEqual(20);
    // The picked members, by id (the picker shows the one chosen).
    const picked = await get(members({ id: [plain] }), moderator);
    expect(picked.json().data.list).toEqual([
      { id: plain, userName: `xab${suffix}`, loginName: expect.any(String) },
    ]);
  });

  test("refuses a keyword past 64 characters with a message in the caller's language", async () => {
    for (const language of ["zh-CN", "en-US"]) {
      const response = await get(
        members({ q: "x".repeat(65) }),
        moderator,
        language,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe(Code.VALIDATION);
      expect(JSON.stringify(response.json())).toMatch(
        language === "zh-CN" ? /[\u4e00-\u9fff]/ : /[A-Za-z]/,
      );
    }
  });

  test("counts the questions of a tag; an unknown or bad id is refused", async () => {
    const asker = await t.loginAs("member");
    const tagId = await kit.makeTag();
    const unused = await kit.makeTag();
    await kit.ask(asker, { tagIds: [tagId] });
    await kit.ask(asker, { tagIds: [tagId] });
    const used = await get(`/tjc/ask/admin/tags/${tagId}/usage`, moderator);
    expect(used.json()).toMatchObject({ code: 0, data: { questions: 2 } });
    const none = await get(`/tjc/ask/admin/tags/${unused}/usage`, moderator);
    expect(none.json().data.questions).toBe(0);
    const missing = await get("/tjc/ask/admin/tags/999999/usage", moderator);
    expect(missing.statusCode).toBe(404);
    const bad = await get("/tjc/ask/admin/tags/abc/usage", moderator);
    expect(bad.statusCode).toBe(400);
  });
});

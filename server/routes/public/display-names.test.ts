import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  assignDisplayNameKeys,
  displayNameClashes,
  displayNameKey,
} from "../../services/display-names.js";

/** Display names unique by their folded form (issue 25, item 11). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
function signUp(userName: string, language = "en-US") {
  counter += 1;
  return t.request({
    method: "POST",
    url: "/tjc/public/signup",
    remoteAddress: `10.71.${counter}.1`,
    language,
    payload: {
      loginName: `names${counter}-${Date.now().toString(36)}`,
      userName,
      password: "grace2026",
    },
  });
}

const taken = {
  code: Code.CONFLICT,
  message: "That display name is taken; please choose another.",
  data: {
    reason: "displayNameTaken",
    errors: { userName: "That display name is taken" },
  },
};

describe("display name folding", () => {
  test("case, width, traditional/simplified and spacing fold together", () => {
    expect(displayNameKey("愛麗絲姊妹")).toBe(displayNameKey("爱丽丝姊妹"));
    expect(displayNameKey("ＡＬＩＣＥ  Lee")).toBe(displayNameKey("alice lee"));
    expect(displayNameKey("Alice")).not.toBe(displayNameKey("Alicia"));
  });
});

describe("POST /tjc/public/signup: display names", () => {
  test("a name another member goes by, in any folded form, is refused at the field", async () => {
    expect((await signUp("爱丽丝姊妹")).json().code).toBe(0);
    for (const copy of ["爱丽丝姊妹", "愛麗絲姊妹", " 爱丽丝姊妹 "]) {
      expect((await signUp(copy)).json(), copy).toMatchObject(taken);
    }
    expect((await signUp("Brother Tom")).json().code).toBe(0);
    expect((await signUp("ＢＲＯＴＨＥＲ tom")).json()).toMatchObject(taken);
    const zh = (await signUp("brother TOM", "zh-CN")).json();
    expect(zh.message).toBe("这个昵称已被使用，请换一个。");
    expect(zh.data.errors.userName).toBe("这个昵称已被使用");
    expect((await signUp("爱丽丝姊妹二")).json().code).toBe(0);
  });
});

describe("PUT /tjc/auth/profile: display names", () => {
  test("rejects without a session", async () => {
    const response = await t.request({
      method: "PUT",
      url: "/tjc/auth/profile",
      payload: { userName: "x" },
    });
    expect(response.json().code).toBe(Code.SESSION_EXPIRED);
  });

  test("refuses another's name, allows a new case of one's own", async () => {
    expect((await signUp("Sister Mary")).json().code).toBe(0);
    const mine = (await signUp("Sister Martha")).json().data;
    const rename = (userName: string) =>
      t.request({
        method: "PUT",
        url: "/tjc/auth/profile",
        token: mine.token,
        language: "en-US",
        payload: { userName },
      });
    expect((await rename("SISTER MARY")).json()).toMatchObject(taken);
    expect((await rename("sister martha")).json().code).toBe(0);
    expect((await rename("Sister Joanna")).json().code).toBe(0);
    // The old name is free again.
    expect((await signUp("Sister Martha")).json().code).toBe(0);
  });
});

describe("names that clashed before the rule", () => {
  test("keep working, are reported, and never take a name from its first holder", async () => {
    const now = new Date().toISOString();
    const insert = async (loginName: string, userName: string) =>
      (
        await t.app.store.db
          .insertInto("users")
          .values({
            loginName,
            userName,
            userNameKey: null,
            passwordHash: "x",
            status: "active",
            createdAt: now,
            updatedAt: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    // As a store upgraded from before the rule holds them.
    const first = await insert("legacy-1", "Legacy Name");
    const second = await insert("legacy-2", "LEGACY name");
    const third = await insert("legacy-3", "Legacy Name");
    await assignDisplayNameKeys(t.app.store.db);
    const keys = await t.app.store.db
      .selectFrom("users")
      .select(["id", "userNameKey"])
      .where("id", "in", [first, second, third])
      .orderBy("id")
      .execute();
    expect(keys.map((row) => row.userNameKey)).toEqual([
      "legacy name",
      null,
      null,
    ]);
    expect(await displayNameClashes(t.app.store.db)).toContainEqual([
      first,
      second,
      third,
    ]);
    // A newcomer cannot take it either.
    expect((await signUp("legacy NAME")).json()).toMatchObject(taken);
  });
});

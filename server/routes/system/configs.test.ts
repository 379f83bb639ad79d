import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import {
  listQuery,
  rejectsWithoutSessionAndPermission,
} from "../../test/system.js";
import { SEED_CONFIGS, Settings } from "../../services/settings.js";
import { CONFIG_DESCRIPTIONS } from "../../../common/system-messages.js";

let t: TestApp;
let admin: string;
let editor: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs("admin");
  editor = await t.loginAs("editor");
});
afterAll(async () => {
  await t.close();
});

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  token = admin,
  language?: string,
) {
  return t.request({ method, url, payload, token, language });
}
async function configByKey(key: string) {
  const response = await call(
    "GET",
    `/tjc/system/configs?${listQuery({ filter: { keyPrefix: key } })}`,
  );
  return (
    response.json().data.list as {
      id: number;
      key: string;
      value: string;
      type: string;
      version: number;
      builtIn: boolean;
    }[]
  ).find((row) => row.key === key)!;
}

describe("/tjc/system/configs", () => {
  rejectsWithoutSessionAndPermission(
    () => t,
    () => editor,
    "GET",
    "/tjc/system/configs",
  );

  test("seeds the built-in settings once, and a later start keeps changed values", async () => {
    const response = await call(
      "GET",
      `/tjc/system/configs?${listQuery({ range: [0, 99] })}`,
    );
    const keys = (
      response.json().data.list as { key: string; builtIn: boolean }[]
    )
      .filter((row) => row.builtIn)
      .map((row) => row.key);
    expect(keys.sort()).toEqual(SEED_CONFIGS.map((seed) => seed.key).sort());
    const name = await configByKey("site.name");
    await call("PUT", `/tjc/system/configs/${name.id}`, {
      ...name,
      value: "真耶稣教会",
    });
    const { seedConfigs } = await import("../../services/settings.js");
    await seedConfigs(t.app.store);
    expect((await configByKey("site.name")).value).toBe("真耶稣教会");
    const site = await t.request({ method: "GET", url: "/tjc/system/site" });
    expect(site.json().data.name).toBe("真耶稣教会");
    expect(site.json().data.nameEn).toBe("Lampstand");
  });

  test("a built-in setting's description reads in the reader's language; one an administrator rewrote, or an older store's English text, reads right too", async () => {
    const described = async (key: string, language: string) => {
      const response = await call(
        "GET",
        `/tjc/system/configs?${listQuery({ filter: { keyPrefix: key } })}`,
        undefined,
        admin,
        language,
      );
      const rows = response.json().data.list as {
        id: number;
        key: string;
        description: string | null;
      }[];
      return rows.find((row) => row.key === key)!;
    };
    for (const seed of SEED_CONFIGS) {
      expect((await described(seed.key, "zh-CN")).description).toBe(
        CONFIG_DESCRIPTIONS["zh-CN"][seed.key],
      );
      expect((await described(seed.key, "en-US")).description).toBe(
        CONFIG_DESCRIPTIONS["en-US"][seed.key],
      );
    }
    expect((await described("session.idleMinutes", "zh-CN")).description).toBe(
      "多少分钟没有请求后会话结束",
    );
    // A store seeded before kept the English text: it reads in Chinese too.
    await t.app.store.db
      .updateTable("configs")
      .set({ description: "Largest image upload, in MB" })
      .where("key", "=", "upload.maxImageMB")
      .execute();
    expect((await described("upload.maxImageMB", "zh-CN")).description).toBe(
      "上传图片的最大大小（MB）",
    );
    // One item read alone, and a description an administrator wrote, as written.
    await t.app.store.db
      .updateTable("configs")
      .set({ description: "只在主堂使用" })
      .where("key", "=", "loginLog.retentionDays")
      .execute();
    const own = await described("loginLog.retentionDays", "en-US");
    expect(own.description).toBe("只在主堂使用");
    const one = await call(
      "GET",
      `/tjc/system/configs/${(await described("jobLog.retentionDays", "en-US")).id}`,
      undefined,
      admin,
      "en-US",
    );
    expect(one.json().data.description).toBe(
      CONFIG_DESCRIPTIONS["en-US"]["jobLog.retentionDays"],
    );
  });

  test("a value is checked against its type (40000), in both languages", async () => {
    for (const [type, value] of [
      ["number", "ten"],
      ["number", ""],
      ["boolean", "yes"],
      ["json", "{oops"],
    ]) {
      const response = await call(
        "POST",
        "/tjc/system/configs",
        { key: "custom.thing", type, value },
        admin,
        "en-US",
      );
      expect(response.json().code, `${type} ${value}`).toBe(Code.VALIDATION);
      expect(response.json().data.errors.value).toBe(
        "The value does not match the type",
      );
    }
    const zh = await call("POST", "/tjc/system/configs", {
      key: "custom.thing",
      type: "number",
      value: "x",
    });
    expect(zh.json().data.errors.value).toBe("值与配置类型不符");
    for (const key of ["Bad.key", "nodot", "a..b", "a.b-c"]) {
      const response = await call("POST", "/tjc/system/configs", {
        key,
        type: "string",
        value: "x",
      });
      expect(response.json().code, key).toBe(Code.VALIDATION);
    }
    const idle = await configByKey("session.idleMinutes");
    const bad = await call("PUT", `/tjc/system/configs/${idle.id}`, {
      ...idle,
      value: "soon",
    });
    expect(bad.json().code).toBe(Code.VALIDATION);
  });

  test("built-in keys are never deleted, nor their key or type changed (40900); others are", async () => {
    const idle = await configByKey("session.idleMinutes");
    const removed = await call(
      "DELETE",
      `/tjc/system/configs/${idle.id}`,
      undefined,
      admin,
      "en-US",
    );
    expect(removed.json().code).toBe(Code.CONFLICT);
    expect(removed.json().data.errors.id).toContain("built-in setting");
    const retyped = await call("PUT", `/tjc/system/configs/${idle.id}`, {
      ...idle,
      type: "string",
    });
    expect(retyped.json().code).toBe(Code.CONFLICT);
    const created = await call("POST", "/tjc/system/configs", {
      key: "custom.flag",
      type: "boolean",
      value: "true",
      description: "x",
    });
    expect(created.json().code, created.body).toBe(0);
    const taken = await call("POST", "/tjc/system/configs", {
      key: "custom.flag",
      type: "boolean",
      value: "true",
    });
    expect(taken.json().code).toBe(Code.CONFLICT);
    expect(
      (
        await call("DELETE", `/tjc/system/configs/${created.json().data.id}`)
      ).json().code,
    ).toBe(0);
    const audit = await call(
      "GET",
      `/tjc/system/audit-logs?${listQuery({ filter: { resource: "system/configs" } })}`,
    );
    expect(
      audit.json().data.list.map((row: { action: string }) => row.action),
    ).toContain("delete");
  });

  test("the server reads its settings: the session idle time applies at once on this instance", async () => {
    const idle = await configByKey("session.idleMinutes");
    const token = await t.loginAs("editor");
    // Last seen two minutes ago: alive under 30 minutes, ended under 1.
    const me = await call("GET", "/tjc/auth/me", undefined, token);
    const userId = me.json().data.user.userId;
    await t.app.store.db
      .updateTable("sessions")
      .set({ lastSeenAt: new Date(Date.now() - 120_000).toISOString() })
      .where("userId", "=", userId)
      .execute();
    t.app.sessions.forgetUser(userId);
    expect(
      (await call("GET", "/tjc/auth/me", undefined, token)).json().code,
    ).toBe(0);
    const saved = await call("PUT", `/tjc/system/configs/${idle.id}`, {
      ...idle,
      value: "1",
    });
    expect(saved.json().code, saved.body).toBe(0);
    // That read moved "last seen" to now: two minutes ago again.
    await t.app.store.db
      .updateTable("sessions")
      .set({ lastSeenAt: new Date(Date.now() - 120_000).toISOString() })
      .where("userId", "=", userId)
      .execute();
    t.app.sessions.forgetUser(userId);
    expect(
      (await call("GET", "/tjc/auth/me", undefined, token)).json().code,
    ).toBe(Code.SESSION_EXPIRED);
    await call("PUT", `/tjc/system/configs/${idle.id}`, {
      ...idle,
      value: "30",
      version: saved.json().data.version,
    });
  });

  test("another instance sees a change within its reread period", async () => {
    const other = new Settings(t.app.store);
    await other.refresh();
    const failures = await configByKey("login.maxFailures");
    expect(other.number("login.maxFailures", 0)).toBe(Number(failures.value));
    await call("PUT", `/tjc/system/configs/${failures.id}`, {
      ...failures,
      value: "7",
    });
    expect(other.number("login.maxFailures", 0)).toBe(Number(failures.value));
    await other.refresh(); // what its 2 s timer does
    expect(other.number("login.maxFailures", 0)).toBe(7);
    expect(t.app.settings.number("login.maxFailures", 0)).toBe(7);
  });

  test("login.maxFailures locks a login name after that many failures", async () => {
    const failures = await configByKey("login.maxFailures");
    await call("PUT", `/tjc/system/configs/${failures.id}`, {
      ...failures,
      value: "2",
    });
    const codes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await t.request({
        method: "POST",
        url: "/tjc/auth/login",
        payload: { loginName: "nobody-here", password: "wrong-password" },
        remoteAddress: `10.77.0.${i + 1}`,
      });
      codes.push(response.json().code);
    }
    expect(codes).toEqual([
      Code.BAD_CREDENTIALS,
      Code.BAD_CREDENTIALS,
      Code.TOO_MANY_REQUESTS,
    ]);
  });
});

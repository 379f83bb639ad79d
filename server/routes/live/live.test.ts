import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Code } from "../../../common/codes.js";
import { buildTestApp, type TestApp } from "../../test/helper.js";
import { mediaSample, multipartFile } from "../../test/media-samples.js";
import { hashStreamKey } from "./channels.js";
import { publicLiveStatus } from "./public-live.js";

const HOUR = 3_600_000;
/** No token: `call` sends no Authorization header for an empty one. */
const ANONYMOUS = "";
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let t: TestApp;
let editor: string;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  editor = await t.loginAs("editor");
  member = await t.loginAs("member");
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  const db = t.app.store.db;
  await db.deleteFrom("liveConfig").execute();
  await db.deleteFrom("liveNotices").execute();
  await db.deleteFrom("liveVideos").execute();
  await db.deleteFrom("channels").execute();
});

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: object,
  token: string | undefined = editor,
  language?: string,
) {
  return t.request({ method, url, payload, token, language });
}
async function okData(
  response: Promise<{ json(): { code: number; data: unknown }; body: string }>,
) {
  const r = await response;
  expect(r.json().code, r.body).toBe(0);
  return r.json().data as Record<string, unknown> & {
    id: number;
    version: number;
  };
}
const list = (path: string, filter: object = {}, token = editor) =>
  call(
    "GET",
    `/tjc/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`,
    undefined,
    token,
  );

async function channel(name = "主堂直播", extra: object = {}) {
  return okData(
    call("POST", "/tjc/channels", {
      name,
      playbackUrl: "https://live.example.org/main/index.m3u8",
      ingestUrl: "rtmp://ingest.example.org/live",
      ...extra,
    }),
  );
}
async function video(
  channelId: number,
  startH: number,
  endH: number,
  extra = {},
) {
  return call("POST", "/tjc/live-videos", {
    title: "主日崇拜",
    channelId,
    preacher: "王弟兄",
    scheduledStart: at(startH * HOUR),
    scheduledEnd: at(endH * HOUR),
    ...extra,
  });
}

describe("permissions", () => {
  const routes: [string, string][] = [
    ["GET", "/tjc/channels"],
    ["POST", "/tjc/channels"],
    ["POST", "/tjc/channels/1/stream-key"],
    ["GET", "/tjc/live-videos"],
    ["PUT", "/tjc/live-videos/1"],
    ["POST", "/tjc/live-videos/1/sermon"],
    ["GET", "/tjc/live-config"],
    ["PUT", "/tjc/live-config"],
    ["GET", "/tjc/live-notices"],
    ["POST", "/tjc/live-notices"],
  ];
  it("rejects without a session", async () => {
    for (const [method, url] of routes) {
      const r = await call(method as "GET", url, {}, ANONYMOUS);
      expect(r.statusCode, url).toBe(401);
      expect(r.json().code).toBe(Code.SESSION_EXPIRED);
    }
  });
  it("rejects without permission", async () => {
    for (const [method, url] of routes) {
      const r = await call(method as "GET", url, {}, member);
      expect(r.statusCode, url).toBe(403);
      expect(r.json().code).toBe(Code.FORBIDDEN);
    }
  });
  it("draft sermon also needs liveVideo:update, not only sermon:create", async () => {
    const role = await okData(
      call(
        "POST",
        "/tjc/system/roles",
        {
          code: "sermon-only",
          name: "只建讲道",
          nameEn: "Sermons only",
          permissions: ["sermon:create"],
        },
        await t.loginAs("admin"),
      ),
    );
    const token = await t.loginAs("none");
    const me = (await call("GET", "/tjc/auth/me", undefined, token)).json().data
      .user;
    await t.app.store.db
      .insertInto("userRoles")
      .values({ userId: me.userId, roleId: role.id })
      .execute();
    t.app.permissions.forget(me.userId);
    const r = await call("POST", "/tjc/live-videos/1/sermon", {}, token);
    expect(r.json().code).toBe(Code.FORBIDDEN);
  });
});

describe("channels and the stream key", () => {
  it("never shows the key except in the answer that generates it", async () => {
    const created = await channel();
    expect(created.streamKeySet).toBe(false);
    expect(JSON.stringify(created)).not.toMatch(/streamKey"/);

    const generated = await okData(
      call("POST", `/tjc/channels/${created.id}/stream-key`, {
        version: created.version,
      }),
    );
    const key = generated.streamKey as string;
    expect(key).toMatch(/^live_[A-Za-z0-9_-]{43}$/);
    const after = generated.channel as Record<string, unknown>;
    expect(after.streamKeySet).toBe(true);
    expect(after.streamKeyHint).toBe(key.slice(-4));

    // Stored as its hash only.
    const row = await t.app.store.db
      .selectFrom("channels")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.streamKeyHash).toBe(hashStreamKey(key));
    expect(JSON.stringify(row)).not.toContain(key);

    // Not in the list, the record, the export, the audit log, nor the public status.
    const bodies = [
      (await list("channels")).body,
      (await call("GET", `/tjc/channels/${created.id}`)).body,
      (await call("GET", "/tjc/channels/export")).body,
      (await call("GET", "/tjc/channels/export", undefined, editor, "en-US"))
        .body,
      (
        await call(
          "GET",
          `/tjc/system/audit-logs?filter=${encodeURIComponent(JSON.stringify({ resource: "channels" }))}&range=[0,99]`,
          undefined,
          await t.loginAs("admin"),
        )
      ).body,
      JSON.stringify(
        await t.app.store.db.selectFrom("auditLogs").selectAll().execute(),
      ),
      (await call("GET", "/tjc/public/live", undefined, ANONYMOUS)).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain(key);
      expect(body).not.toContain(row.streamKeyHash!);
    }
    // The regeneration is audited (as the hint's change).
    const audits = await t.app.store.db
      .selectFrom("auditLogs")
      .selectAll()
      .where("resource", "=", "channels")
      .where("recordId", "=", String(created.id))
      .execute();
    expect(audits.map((a) => a.action)).toEqual(["create", "update"]);
    expect(JSON.parse(audits[1]!.changes).streamKeyHint).toEqual([
      null,
      key.slice(-4),
    ]);

    // Regenerating replaces it; a stale version is refused and changes nothing.
    const stale = await call("POST", `/tjc/channels/${created.id}/stream-key`, {
      version: created.version,
    });
    expect(stale.json().code).toBe(Code.CONFLICT);
    const again = await okData(
      call("POST", `/tjc/channels/${created.id}/stream-key`, {
        version: after.version as number,
      }),
    );
    expect(again.streamKey).not.toBe(key);
    const missing = await call("POST", "/tjc/channels/999999/stream-key", {
      version: 1,
    });
    expect(missing.json().code).toBe(Code.NOT_FOUND);
  });

  it("a create or update cannot set the key", async () => {
    // Unknown fields are dropped by the schema: the key stays the server's to make.
    const created = await okData(
      call("POST", "/tjc/channels", { name: "x", streamKey: "mine" }),
    );
    expect(created.streamKeySet).toBe(false);
    await okData(
      call("PUT", `/tjc/channels/${created.id}`, {
        name: "x",
        streamKey: "mine",
        streamKeyHash: hashStreamKey("mine"),
        version: created.version,
      }),
    );
    const row = await t.app.store.db
      .selectFrom("channels")
      .select(["streamKeyHash", "streamKeyHint"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ streamKeyHash: null, streamKeyHint: null });
  });

  it("refuses bad input with field messages in the caller's language", async () => {
    const bad = await call(
      "POST",
      "/tjc/channels",
      {
        name: " ",
        playbackUrl: "https://x.example.org/video.mp4",
        ingestUrl: "ftp://x",
        status: "busy",
      },
      editor,
      "en-US",
    );
    expect(bad.json().code).toBe(Code.VALIDATION);
    const errors = bad.json().data.errors;
    expect(Object.keys(errors).sort()).toEqual([
      "ingestUrl",
      "name",
      "playbackUrl",
      "status",
    ]);
    expect(errors.playbackUrl).toMatch(/HLS/);
    const long = await call("POST", "/tjc/channels", { name: "x".repeat(101) });
    expect(long.json().code).toBe(Code.VALIDATION);
    const cover = await call("POST", "/tjc/channels", {
      name: "y",
      coverFileId: 999999,
    });
    expect(cover.json().data.errors.coverFileId).toBe("文件不存在");
  });

  it("a channel with live videos or set as default cannot be deleted", async () => {
    const c = await channel();
    await okData(video(c.id, 1, 2));
    const r = await call("DELETE", `/tjc/channels/${c.id}`);
    expect(r.json().code).toBe(Code.CONFLICT);
    const other = await channel("空频道");
    await okData(
      call("PUT", "/tjc/live-config", {
        defaultChannelId: other.id,
        autoplay: false,
        version: 0,
      }),
    );
    expect(
      (await call("DELETE", `/tjc/channels/${other.id}`)).json().code,
    ).toBe(Code.CONFLICT);
    const free = await channel("可删除");
    expect((await call("DELETE", `/tjc/channels/${free.id}`)).json().code).toBe(
      0,
    );
  });
});

describe("live videos", () => {
  it("moves only along sensible transitions, stamping times and the channel", async () => {
    const c = await channel();
    const v = await okData(video(c.id, 1, 2));
    expect(v.status).toBe("scheduled");
    const put = (payload: object) =>
      call("PUT", `/tjc/live-videos/${v.id}`, payload);

    // scheduled → ended is not a move.
    const skip = await put({ status: "ended", version: v.version });
    expect(skip.json().code).toBe(Code.VALIDATION);
    expect(skip.json().data.errors.status).toBeTruthy();

    const live = await okData(put({ status: "live", version: v.version }));
    expect(live.status).toBe("live");
    expect(live.startedAt).toBeTruthy();
    const ch = await okData(call("GET", `/tjc/channels/${c.id}`));
    expect(ch.status).toBe("live");

    // Times are fixed once on air; a live video cannot be deleted or cancelled.
    const retime = await put({
      scheduledStart: at(5 * HOUR),
      scheduledEnd: at(6 * HOUR),
      version: live.version,
    });
    expect(retime.json().code).toBe(Code.VALIDATION);
    expect(
      (await put({ status: "cancelled", version: live.version })).json().code,
    ).toBe(Code.VALIDATION);
    expect((await call("DELETE", `/tjc/live-videos/${v.id}`)).json().code).toBe(
      Code.CONFLICT,
    );

    const ended = await okData(put({ status: "ended", version: live.version }));
    expect(ended.endedAt).toBeTruthy();
    expect((await okData(call("GET", `/tjc/channels/${c.id}`))).status).toBe(
      "idle",
    );
    // Ended stays ended; its texts and replay may still change.
    expect(
      (await put({ status: "live", version: ended.version })).json().code,
    ).toBe(Code.VALIDATION);
    const renamed = await okData(
      put({
        title: "主日崇拜（回放）",
        replayUrl: "https://video.example.org/r.mp4",
        version: ended.version,
      }),
    );
    expect(renamed.replayUrl).toBe("https://video.example.org/r.mp4");

    // A stale version is refused.
    expect(
      (await put({ title: "旧", version: ended.version })).json().code,
    ).toBe(Code.CONFLICT);

    // Cancelled may be scheduled again; a new one cannot start as live.
    const other = await okData(video(c.id, 10, 11));
    const cancelled = await okData(
      call("PUT", `/tjc/live-videos/${other.id}`, {
        status: "cancelled",
        version: other.version,
      }),
    );
    expect(
      (
        await call("PUT", `/tjc/live-videos/${other.id}`, {
          status: "scheduled",
          version: cancelled.version,
        })
      ).json().code,
    ).toBe(0);
    expect((await video(c.id, 20, 21, { status: "live" })).json().code).toBe(
      Code.VALIDATION,
    );
  });

  it("refuses two videos overlapping on one channel (40900), not on two", async () => {
    const a = await channel("甲");
    const b = await channel("乙");
    const first = await okData(video(a.id, 1, 3));
    const clash = await video(a.id, 2, 4);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe(Code.CONFLICT);
    expect(clash.json().data.errors.scheduledStart).toBe(
      "该频道在这段时间已有其他直播",
    );
    // Touching ends do not overlap; another channel is free.
    expect((await video(a.id, 3, 4)).json().code).toBe(0);
    expect((await video(b.id, 2, 4)).json().code).toBe(0);
    // Moving into the slot is refused too; a cancelled one frees its slot.
    const later = await okData(video(a.id, 5, 6));
    const move = await call("PUT", `/tjc/live-videos/${later.id}`, {
      scheduledStart: at(2 * HOUR),
      version: later.version,
    });
    expect(move.json().code).toBe(Code.CONFLICT);
    await okData(
      call("PUT", `/tjc/live-videos/${first.id}`, {
        status: "cancelled",
        version: first.version,
      }),
    );
    expect((await video(a.id, 1, 2)).json().code).toBe(0);
    // Nothing half-written by the refusals.
    const all = (await list("live-videos", { channelId: a.id })).json().data;
    expect(all.total).toBe(4);
  });

  it("one video on air per channel", async () => {
    const c = await channel();
    const one = await okData(video(c.id, -2, -1));
    const two = await okData(video(c.id, 1, 2));
    await okData(
      call("PUT", `/tjc/live-videos/${one.id}`, {
        status: "live",
        version: one.version,
      }),
    );
    const r = await call("PUT", `/tjc/live-videos/${two.id}`, {
      status: "live",
      version: two.version,
    });
    expect(r.json().code).toBe(Code.CONFLICT);
    expect(r.json().data.errors.status).toBeTruthy();
  });

  it("refuses bad input", async () => {
    const c = await channel();
    const backwards = await video(c.id, 2, 1);
    expect(backwards.json().data.errors.scheduledEnd).toBe(
      "结束时间必须晚于开始时间",
    );
    const noZone = await call("POST", "/tjc/live-videos", {
      title: "x",
      channelId: c.id,
      scheduledStart: "2026-01-01 10:00",
      scheduledEnd: "2026-01-01T11:00:00Z",
    });
    expect(noZone.json().data.errors.scheduledStart).toBe(
      "请填写有效的日期和时间",
    );
    const noChannel = await video(999999, 1, 2);
    expect(noChannel.json().code).toBe(Code.VALIDATION);
    expect(noChannel.json().data.errors.channelId).toBe("频道不存在");
    const badReplay = await video(c.id, 1, 2, {
      replayUrl: "javascript:alert(1)",
    });
    expect(badReplay.json().data.errors.replayUrl).toBeTruthy();
    const empty = await call("POST", "/tjc/live-videos", {});
    expect(empty.json().code).toBe(Code.VALIDATION);
    const badFilter = await list("live-videos", { status: "paused" });
    expect(badFilter.json().code).toBe(Code.VALIDATION);
    // An update's merged end must still follow its start.
    const v = await okData(video(c.id, 1, 2));
    const r = await call("PUT", `/tjc/live-videos/${v.id}`, {
      scheduledEnd: at(0.5 * HOUR),
      version: v.version,
    });
    expect(r.json().data.errors.scheduledEnd).toBeTruthy();
  });

  it("an ended video with a replay makes one draft sermon, however often asked", async () => {
    const c = await channel();
    const file = (
      await t.request({
        method: "POST",
        url: "/tjc/files",
        token: editor,
        ...multipartFile("replay.mp4", mediaSample("sample.mp4")),
      })
    ).json().data;
    const v = await okData(
      video(c.id, -2, -1, { title: "复活节崇拜", preacher: "李执事" }),
    );
    const draft = () => call("POST", `/tjc/live-videos/${v.id}/sermon`);
    // Not ended yet.
    expect((await draft()).json().code).toBe(Code.CONFLICT);
    const live = await okData(
      call("PUT", `/tjc/live-videos/${v.id}`, {
        status: "live",
        version: v.version,
      }),
    );
    const ended = await okData(
      call("PUT", `/tjc/live-videos/${v.id}`, {
        status: "ended",
        version: live.version,
      }),
    );
    // Ended without a replay.
    const noReplay = await draft();
    expect(noReplay.json().code).toBe(Code.CONFLICT);
    expect(noReplay.json().data.errors.replayFileId).toBe(
      "请先为已结束的直播添加回放",
    );
    // A replay of the wrong kind is refused.
    const wrong = await call("PUT", `/tjc/live-videos/${v.id}`, {
      replayFileId: 999999,
      version: ended.version,
    });
    expect(wrong.json().code).toBe(Code.VALIDATION);
    await okData(
      call("PUT", `/tjc/live-videos/${v.id}`, {
        replayFileId: file.id,
        version: ended.version,
      }),
    );

    const [one, two] = await Promise.all([draft(), draft()]);
    const first = one.json().data;
    const second = two.json().data;
    expect(one.json().code, one.body).toBe(0);
    expect(two.json().code, two.body).toBe(0);
    expect(second.sermonId).toBe(first.sermonId);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const third = (await draft()).json().data;
    expect(third).toMatchObject({ sermonId: first.sermonId, created: false });

    const sermon = await okData(call("GET", `/tjc/sermons/${first.sermonId}`));
    expect(sermon).toMatchObject({
      title: "复活节崇拜",
      preacher: "李执事",
      status: "draft",
      videoFileId: file.id,
      videoUrl: null,
    });
    expect(sermon.preachedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(sermon.summary).toContain(`/admin/liveVideoManage/${v.id}`);
    const sermons = (await list("sermons", { q: "复活节崇拜" })).json().data;
    expect(sermons.total).toBe(1);
    const linked = await okData(call("GET", `/tjc/live-videos/${v.id}`));
    expect(linked.sermonId).toBe(first.sermonId);

    // Its sermon deleted, the video makes a new one.
    await okData(call("DELETE", `/tjc/sermons/${first.sermonId}`));
    const remade = (await draft()).json().data;
    expect(remade.created).toBe(true);
    expect(remade.sermonId).not.toBe(first.sermonId);
    expect((await draft()).json().data.sermonId).toBe(remade.sermonId);
  });

  it("a replay link becomes the sermon's video link", async () => {
    const c = await channel();
    const v = await okData(video(c.id, -3, -2));
    const live = await okData(
      call("PUT", `/tjc/live-videos/${v.id}`, {
        status: "live",
        version: v.version,
      }),
    );
    await okData(
      call("PUT", `/tjc/live-videos/${v.id}`, {
        status: "ended",
        replayUrl: "https://video.example.org/easter.m3u8",
        version: live.version,
      }),
    );
    const made = (
      await call("POST", `/tjc/live-videos/${v.id}/sermon`, {}, editor, "en-US")
    ).json().data;
    const sermon = await okData(call("GET", `/tjc/sermons/${made.sermonId}`));
    expect(sermon.videoUrl).toBe("https://video.example.org/easter.m3u8");
    expect(sermon.summary).toMatch(/^Made from live video/);
    expect(
      (await call("POST", "/tjc/live-videos/999999/sermon")).json().code,
    ).toBe(Code.NOT_FOUND);
  });
});

describe("live config", () => {
  it("reads defaults, saves versioned, refuses stale and bad input", async () => {
    const audits = () =>
      t.app.store.db
        .selectFrom("auditLogs")
        .select("action")
        .where("resource", "=", "live-config")
        .execute();
    const auditsBefore = (await audits()).length;
    const initial = await okData(call("GET", "/tjc/live-config"));
    expect(initial).toMatchObject({ version: 0, autoplay: false });
    const c = await channel();
    const saved = await okData(
      call("PUT", "/tjc/live-config", {
        defaultChannelId: c.id,
        autoplay: true,
        offlineTextZh: "暂无直播",
        offlineTextEn: "Not live now",
        version: 0,
      }),
    );
    expect(saved).toMatchObject({
      defaultChannelId: c.id,
      autoplay: true,
      version: 1,
    });
    const stale = await call("PUT", "/tjc/live-config", {
      autoplay: false,
      version: 0,
    });
    expect(stale.json().code).toBe(Code.CONFLICT);
    const badChannel = await call("PUT", "/tjc/live-config", {
      defaultChannelId: 999999,
      autoplay: false,
      version: 1,
    });
    expect(badChannel.json().data.errors.defaultChannelId).toBe("频道不存在");
    const badImage = await call("PUT", "/tjc/live-config", {
      offlineImageFileId: 999999,
      autoplay: false,
      version: 1,
    });
    expect(badImage.json().code).toBe(Code.VALIDATION);
    const noAutoplay = await call("PUT", "/tjc/live-config", { version: 1 });
    expect(noAutoplay.json().data.errors.autoplay).toBeTruthy();
    expect((await okData(call("GET", "/tjc/live-config"))).version).toBe(1);
    // One save, one audit row; the refusals wrote none.
    expect((await audits()).length).toBe(auditsBefore + 1);
  });
});

describe("live notices and the public status", () => {
  it("keeps notices to their window, enabled only, in the caller's language", async () => {
    const notice = (startH: number, endH: number, extra = {}) =>
      okData(
        call("POST", "/tjc/live-notices", {
          textZh: `通知${startH}`,
          textEn: `Notice ${startH}`,
          startsAt: at(startH * HOUR),
          endsAt: at(endH * HOUR),
          ...extra,
        }),
      );
    const now = await notice(-1, 1);
    await notice(-3, -2); // over
    await notice(2, 3); // not yet
    await notice(-1, 2, { enabled: false, textZh: "停用", textEn: "Off" });

    const zh = (
      await call("GET", "/tjc/public/live", undefined, ANONYMOUS)
    ).json().data;
    expect(zh.notices.map((n: { text: string }) => n.text)).toEqual(["通知-1"]);
    const en = (
      await call("GET", "/tjc/public/live", undefined, ANONYMOUS, "en-US")
    ).json().data;
    expect(en.notices.map((n: { text: string }) => n.text)).toEqual([
      "Notice -1",
    ]);

    // At explicit times: the window starts included and ends excluded.
    const db = t.app.store.db;
    const texts = async (when: string) =>
      (await publicLiveStatus(db, when, "zh-CN")).notices.map((n) => n.text);
    expect(await texts(now.startsAt as string)).toContain("通知-1");
    expect(await texts(now.endsAt as string)).not.toContain("通知-1");
    expect(await texts(at(2.5 * HOUR))).toEqual(["通知2"]);
    expect(await texts(at(-2.5 * HOUR))).toEqual(["通知-3"]);

    // The admin's activeAt filter follows the same window.
    const active = (
      await list("live-notices", { activeAt: at(0.5 * HOUR) })
    ).json().data;
    expect(active.list.map((n: { textZh: string }) => n.textZh).sort()).toEqual(
      ["停用", "通知-1"],
    );
  });

  it("refuses bad notices", async () => {
    const r = await call(
      "POST",
      "/tjc/live-notices",
      {
        textZh: "",
        textEn: "x".repeat(501),
        startsAt: at(HOUR),
        endsAt: at(0),
        channelId: 0,
      },
      editor,
      "en-US",
    );
    expect(r.json().code).toBe(Code.VALIDATION);
    expect(Object.keys(r.json().data.errors).sort()).toEqual([
      "channelId",
      "endsAt",
      "textEn",
      "textZh",
    ]);
    const backwards = await call("POST", "/tjc/live-notices", {
      textZh: "a",
      textEn: "a",
      startsAt: at(HOUR),
      endsAt: at(0),
    });
    expect(backwards.json().data.errors.endsAt).toBe(
      "结束时间必须晚于开始时间",
    );
    const unknown = await call("POST", "/tjc/live-notices", {
      textZh: "a",
      textEn: "a",
      startsAt: at(0),
      endsAt: at(HOUR),
      channelId: 999999,
    });
    expect(unknown.json().data.errors.channelId).toBe("频道不存在");
  });

  it("answers the live channel now, else the next scheduled video, without secrets", async () => {
    const anonymous = ANONYMOUS;
    const empty = (
      await call("GET", "/tjc/public/live", undefined, anonymous)
    ).json().data;
    expect(empty).toMatchObject({ live: null, next: null, notices: [] });

    const main = await channel("主堂");
    const side = await channel("副堂");
    await okData(
      call("PUT", "/tjc/live-config", {
        defaultChannelId: main.id,
        autoplay: true,
        offlineTextZh: "暂无直播",
        offlineTextEn: "Not live now",
        version: 0,
      }),
    );
    const later = await okData(video(side.id, 5, 6, { title: "晚间聚会" }));
    await okData(video(main.id, 8, 9, { title: "更晚" }));
    const soon = (
      await call("GET", "/tjc/public/live", undefined, anonymous)
    ).json().data;
    expect(soon.live).toBeNull();
    expect(soon.next.video.id).toBe(later.id);
    expect(soon.next.channel.name).toBe("副堂");
    expect(soon.offlineText).toBe("暂无直播");
    expect(soon.autoplay).toBe(true);

    const now = await okData(video(main.id, -1, 1, { title: "主日崇拜" }));
    await okData(
      call("PUT", `/tjc/live-videos/${now.id}`, {
        status: "live",
        version: now.version,
      }),
    );
    const live = await call(
      "GET",
      "/tjc/public/live",
      undefined,
      anonymous,
      "en-US",
    );
    const data = live.json().data;
    expect(data.live.channel.id).toBe(main.id);
    expect(data.live.video.title).toBe("主日崇拜");
    expect(data.next).toBeNull();
    expect(data.offlineText).toBe("Not live now");
    expect(live.body).not.toContain("ingest");
    expect(live.body).not.toContain("streamKey");
  });
});

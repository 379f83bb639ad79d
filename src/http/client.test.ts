import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Cookies from "js-cookie";
import { createClient } from "./client";
import { ApiError } from "./errors";
import { loadingFlag } from "./loading";
import { getStoredUser, getToken, setStoredUser, setToken } from "./session";
import { envelopeResponse, fetchCall, setUpClientTest } from "./testing";
import { setCurrentLanguage } from "../i18n/language";
import { i18nProvider } from "../providers/i18nProvider";

const client = createClient("main", "main");
let t: ReturnType<typeof setUpClientTest>;

beforeEach(async () => {
  t = setUpClientTest();
  await i18nProvider.changeLocale("zh-CN");
  window.history.replaceState(null, "", "/admin/tagManage?page=2");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("what every request carries", () => {
  it("sends the stored token as a Bearer header, the language, and credentials", async () => {
    setToken("tok-1");
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 0, data: { ok: true } }),
    );
    await client.get("/tags");
    const call = fetchCall(t.fetchMock);
    expect(call.url).toBe(`${window.location.origin}/tjc/tags`);
    expect(call.headers.get("Authorization")).toBe("Bearer tok-1");
    expect(call.headers.get("Accept-Language")).toBe("zh-CN");
    expect(call.credentials).toBe("include");
  });

  it("sends no Authorization header without a stored token", async () => {
    t.fetchMock.mockResolvedValue(envelopeResponse({ code: 0 }));
    await client.get("/health");
    expect(fetchCall(t.fetchMock).headers.has("Authorization")).toBe(false);
  });

  it("follows a run-time language switch", async () => {
    t.fetchMock.mockResolvedValue(envelopeResponse({ code: 0 }));
    setCurrentLanguage("en-US");
    await client.get("/tags");
    expect(fetchCall(t.fetchMock).headers.get("Accept-Language")).toBe("en-US");
  });

  it("sends GET parameters in the query with a form-encoded content type and no body", async () => {
    t.fetchMock.mockResolvedValue(envelopeResponse({ code: 0 }));
    await client.get("/tags", {
      sort: ["name", "ASC"],
      q: "恩典",
      empty: undefined,
    });
    const call = fetchCall(t.fetchMock);
    const url = new URL(call.url);
    expect(url.searchParams.get("sort")).toBe('["name","ASC"]');
    expect(url.searchParams.get("q")).toBe("恩典");
    expect(url.searchParams.has("empty")).toBe(false);
    expect(call.headers.get("Content-Type")).toMatch(
      /^application\/x-www-form-urlencoded/,
    );
    expect(call.body).toBeUndefined();
  });

  it("sends POST bodies as JSON", async () => {
    t.fetchMock.mockResolvedValue(envelopeResponse({ code: 0 }));
    await client.post("/tags", { name: "祷告", sortOrder: 3 });
    const call = fetchCall(t.fetchMock);
    expect(call.method).toBe("POST");
    expect(call.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(JSON.parse(String(call.body))).toEqual({
      name: "祷告",
      sortOrder: 3,
    });
  });

  it("takes the base from window.__TJC_CONFIG__ per named client", async () => {
    t.fetchMock.mockImplementation(async () => envelopeResponse({ code: 0 }));
    window.__TJC_CONFIG__ = {
      systemBase: "https://sys.example.org/api/",
      mainBase: "",
    };
    await createClient("system", "system").get("/users");
    await createClient("main", "main").get("/tags");
    await createClient("static", "static").get("/files");
    expect(fetchCall(t.fetchMock, 0).url).toBe(
      "https://sys.example.org/api/users",
    );
    expect(fetchCall(t.fetchMock, 1).url).toBe(
      `${window.location.origin}/tjc/tags`,
    );
    expect(fetchCall(t.fetchMock, 2).url).toBe(
      `${window.location.origin}/tjc/files`,
    );
  });
});

describe("the _loading flag", () => {
  function deferredFetch() {
    let resolve!: (response: Response) => void;
    t.fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    return (response: Response) => resolve(response);
  }

  it("shows the overlay while a request runs, by default", async () => {
    const answer = deferredFetch();
    const pending = client.post("/tags", { name: "a" });
    expect(loadingFlag.isVisible()).toBe(true);
    answer(envelopeResponse({ code: 0 }));
    await pending;
    expect(loadingFlag.isVisible()).toBe(false);
  });

  it("is taken out of a POST body and turns the overlay off when false", async () => {
    const answer = deferredFetch();
    const pending = client.post("/tags", { name: "a", _loading: false });
    expect(loadingFlag.isVisible()).toBe(false);
    answer(envelopeResponse({ code: 0 }));
    await pending;
    expect(JSON.parse(String(fetchCall(t.fetchMock).body))).toEqual({
      name: "a",
    });
  });

  it("is taken out of GET params", async () => {
    const answer = deferredFetch();
    const pending = client.get("/tags", { q: "x", _loading: false });
    expect(loadingFlag.isVisible()).toBe(false);
    answer(envelopeResponse({ code: 0 }));
    await pending;
    expect(
      new URL(fetchCall(t.fetchMock).url).searchParams.has("_loading"),
    ).toBe(false);
  });

  it("keeps the overlay up while any request with it on is still running", async () => {
    let first!: (r: Response) => void;
    let second!: (r: Response) => void;
    t.fetchMock
      .mockReturnValueOnce(new Promise((r) => (first = r)))
      .mockReturnValueOnce(new Promise((r) => (second = r)));
    const a = client.post("/a", {});
    const b = client.post("/b", {});
    first(envelopeResponse({ code: 0 }));
    await a;
    expect(loadingFlag.isVisible()).toBe(true);
    second(envelopeResponse({ code: 0 }));
    await b;
    expect(loadingFlag.isVisible()).toBe(false);
  });
});

describe("answers", () => {
  it("resolves code 0 with the whole envelope", async () => {
    const envelope = {
      code: 0,
      message: "成功",
      data: { list: [{ id: 1 }], total: 1 },
    };
    t.fetchMock.mockResolvedValue(envelopeResponse(envelope));
    await expect(client.get("/tags")).resolves.toEqual(envelope);
    expect(t.notify).not.toHaveBeenCalled();
  });

  it.each([
    ["Bearer renewed-2", "renewed-2"],
    ["renewed-3", "renewed-3"],
  ])(
    "stores a renewed token from the response's Authorization header (%s)",
    async (header, stored) => {
      setToken("old");
      t.fetchMock.mockResolvedValue(
        envelopeResponse({ code: 0 }, { headers: { Authorization: header } }),
      );
      await client.get("/tags");
      expect(getToken()).toBe(stored);
    },
  );

  it("shows any other nonzero code's message for 3 s and rejects with it", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse(
        {
          code: 40900,
          message: "数据冲突",
          data: { errors: { name: "已被占用" } },
        },
        { status: 409 },
      ),
    );
    const failure = client.put("/tags/1", { name: "x", version: 1 });
    await expect(failure).rejects.toMatchObject({
      message: "数据冲突",
      code: 40900,
      status: 409,
      kind: "api",
      body: { errors: { name: "已被占用" } },
    });
    // The server's reason, not the code's generic text (issue 25 item 17).
    expect(t.notices).toEqual([
      { message: "已被占用", type: "error", durationMs: 3000 },
    ]);
    expect(t.navigate).not.toHaveBeenCalled();
    expect(loadingFlag.isVisible()).toBe(false);
  });

  it("shows every distinct reason the server sent, and the message when it sent none", async () => {
    t.fetchMock.mockResolvedValueOnce(
      envelopeResponse(
        {
          code: 40900,
          message: "数据冲突：记录已被修改或存在重复值",
          data: {
            errors: {
              id: "该频道仍有直播视频或被直播设置引用，不能删除",
              other: "该频道仍有直播视频或被直播设置引用，不能删除",
              version: "记录已被他人修改",
            },
          },
        },
        { status: 409 },
      ),
    );
    await expect(client.delete("/channels/1")).rejects.toBeInstanceOf(ApiError);
    t.fetchMock.mockResolvedValueOnce(
      envelopeResponse(
        { code: 40300, message: "没有权限", data: null },
        { status: 403 },
      ),
    );
    await expect(client.get("/channels")).rejects.toBeInstanceOf(ApiError);
    expect(t.notices.map((notice) => notice.message)).toEqual([
      "该频道仍有直播视频或被直播设置引用，不能删除；记录已被他人修改",
      "没有权限",
    ]);
  });

  it("reads the envelope whatever the HTTP status", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 0, data: 1 }, { status: 500 }),
    );
    await expect(client.get("/odd")).resolves.toMatchObject({
      code: 0,
      data: 1,
    });
  });
});

describe("20107: the session expired on the server", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setToken("stale");
    setStoredUser({ userId: 1, userName: "管理员", loginName: "admin" });
    t.fetchMock.mockImplementation(async () =>
      envelopeResponse(
        { code: 20107, message: "用户会话已过期，请重新登录！" },
        { status: 401 },
      ),
    );
  });

  it("clears the session, shows the server's message for 1.5 s, then goes to /login with toPath", async () => {
    let settled = false;
    void client.get("/tags").finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(Cookies.get("user")).toBeUndefined();
    expect(t.notices).toEqual([
      {
        message: "用户会话已过期，请重新登录！",
        type: "warning",
        durationMs: 1500,
      },
    ]);
    vi.advanceTimersByTime(1499);
    expect(t.navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(t.navigate).toHaveBeenCalledWith(
      `/login?toPath=${encodeURIComponent("/admin/tagManage?page=2")}`,
    );
    // Leaving the page, the call never settles: no caller reports it as another failure.
    await vi.advanceTimersByTimeAsync(5000);
    expect(settled).toBe(false);
    expect(loadingFlag.isVisible()).toBe(false);
  });

  it.each(["/login", "/"])("stays put when already on %s", async (path) => {
    window.history.replaceState(null, "", path);
    await expect(client.get("/auth/me")).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    vi.advanceTimersByTime(2000);
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it("handles several failing calls at once with one notice and one redirect", async () => {
    void client.get("/a");
    void client.get("/b");
    void client.post("/c", {});
    await vi.advanceTimersByTimeAsync(0);
    vi.advanceTimersByTime(1500);
    expect(t.notify).toHaveBeenCalledTimes(1);
    expect(t.navigate).toHaveBeenCalledTimes(1);
  });

  it("does not show the generic 3 s error notice", async () => {
    void client.get("/tags");
    await vi.advanceTimersByTimeAsync(0);
    expect(t.notices.some((n) => n.durationMs === 3000)).toBe(false);
  });
});

describe("request errors", () => {
  it("closes the loading indicator, logs, shows a 3 s notice and rejects on a network failure", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    t.fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(client.post("/tags", { name: "x" })).rejects.toMatchObject({
      kind: "network",
    });
    expect(loadingFlag.isVisible()).toBe(false);
    expect(log).toHaveBeenCalled();
    expect(t.notices).toHaveLength(1);
    expect(t.notices[0]).toMatchObject({ type: "error", durationMs: 3000 });
    expect(t.notices[0].message).toContain("Failed to fetch");
    expect(t.notices[0].message).toContain("网络错误");
  });

  it("treats an answer that is not an envelope (a proxy's error page) as a request error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    t.fetchMock.mockResolvedValue(
      new Response("<html>Bad Gateway</html>", {
        status: 502,
        headers: { "Content-Type": "text/html" },
      }),
    );
    await expect(client.get("/tags")).rejects.toMatchObject({
      kind: "response",
      status: 502,
    });
    expect(t.notices[0]).toMatchObject({ type: "error", durationMs: 3000 });
    expect(t.notices[0].message).toContain("502");
  });

  it("passes an abort through without a notice", async () => {
    t.fetchMock.mockRejectedValue(new DOMException("aborted", "AbortError"));
    await expect(client.get("/tags")).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(t.notify).not.toHaveBeenCalled();
    expect(loadingFlag.isVisible()).toBe(false);
  });

  it("stays silent for quiet calls but still rejects", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 20107, message: "expired" }, { status: 401 }),
    );
    setToken("t");
    await expect(
      client.post("/auth/logout", {}, { quiet: true }),
    ).rejects.toMatchObject({ code: 20107 });
    expect(t.notify).not.toHaveBeenCalled();
    expect(getToken()).toBe("t");
  });
});

describe("downloads", () => {
  it("returns a file answer as a blob with the server's file name", async () => {
    setToken("tok");
    t.fetchMock.mockResolvedValue(
      new Response("id,name\n1,祷告\n", {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": 'attachment; filename="tags-20260101.csv"',
        },
      }),
    );
    const file = await client.download("/tags/export", {
      format: "csv",
      filter: { q: "祷" },
    });
    expect(file.filename).toBe("tags-20260101.csv");
    expect(await file.blob.text()).toContain("祷告");
    const call = fetchCall(t.fetchMock);
    expect(call.headers.get("Authorization")).toBe("Bearer tok");
    expect(new URL(call.url).searchParams.get("filter")).toBe('{"q":"祷"}');
  });

  it("rejects with the server's message when the answer is an error envelope", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 40300, message: "没有权限" }, { status: 403 }),
    );
    await expect(client.download("/tags/export")).rejects.toMatchObject({
      code: 40300,
    });
    expect(t.notices[0]).toMatchObject({
      message: "没有权限",
      durationMs: 3000,
    });
  });
});

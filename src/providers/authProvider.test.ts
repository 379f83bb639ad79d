import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import Cookies from "js-cookie";
import { authProvider } from "./authProvider";
import { i18nProvider } from "./i18nProvider";
import {
  getCachedPermissions,
  getStoredUser,
  getToken,
  setStoredUser,
  setToken,
} from "../http/session";
import { envelopeResponse, fetchCall, setUpClientTest } from "../http/testing";

let t: ReturnType<typeof setUpClientTest>;
const user = { userId: 1, userName: "管理员", loginName: "admin" };

beforeEach(async () => {
  t = setUpClientTest();
  await i18nProvider.changeLocale("zh-CN");
  window.history.replaceState(null, "", "/login");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("login", () => {
  it("stores the token, the user cookie for 1 day and the permissions", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse({
        code: 0,
        data: { token: "tok", user, permissions: ["tag:read"] },
      }),
    );
    const setCookie = vi.spyOn(Cookies, "set");
    await authProvider.login({ loginName: " admin ", password: "pw" });
    expect(JSON.parse(String(fetchCall(t.fetchMock).body))).toEqual({
      loginName: "admin",
      password: "pw",
    });
    expect(getToken()).toBe("tok");
    expect(getStoredUser()).toEqual(user);
    expect(JSON.parse(Cookies.get("user")!)).toEqual(user);
    expect(setCookie).toHaveBeenCalledWith(
      "user",
      JSON.stringify(user),
      expect.objectContaining({ expires: 1 }),
    );
    expect(getCachedPermissions()).toEqual(["tag:read"]);
  });

  it("rejects with the server's message and stores nothing on bad credentials", async () => {
    t.fetchMock.mockResolvedValue(
      envelopeResponse(
        { code: 40100, message: "登录名或密码错误" },
        { status: 400 },
      ),
    );
    await expect(
      authProvider.login({ loginName: "admin", password: "bad" }),
    ).rejects.toMatchObject({
      code: 40100,
    });
    expect(getToken()).toBeNull();
    expect(t.notices[0]).toMatchObject({
      message: "登录名或密码错误",
      durationMs: 3000,
    });
  });
});

describe("logout", () => {
  it("revokes the session on the server and clears the token and the cookie", async () => {
    setToken("tok");
    setStoredUser(user);
    t.fetchMock.mockResolvedValue(envelopeResponse({ code: 0 }));
    await expect(authProvider.logout({})).resolves.toBe("/login");
    const call = fetchCall(t.fetchMock);
    expect(new URL(call.url).pathname).toBe("/tjc/auth/logout");
    expect(call.headers.get("Authorization")).toBe("Bearer tok");
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
  });

  it("still logs out, silently, when the server says the session is already gone", async () => {
    setToken("tok");
    setStoredUser(user);
    t.fetchMock.mockResolvedValue(
      envelopeResponse({ code: 20107, message: "expired" }, { status: 401 }),
    );
    await authProvider.logout({});
    expect(getToken()).toBeNull();
    expect(t.notify).not.toHaveBeenCalled();
  });

  it("does not call the server without a token", async () => {
    await authProvider.logout({});
    expect(t.fetchMock).not.toHaveBeenCalled();
  });
});

describe("checkAuth, the route guard", () => {
  it("lets a stored session through", async () => {
    setToken("tok");
    setStoredUser(user);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it("blocks without a stored user: notice for 1.5 s, then /login?toPath=<blocked path>", async () => {
    vi.useFakeTimers();
    window.history.replaceState(null, "", "/admin/system/userManage");
    const guard = authProvider.checkAuth({});
    const settled = vi.fn();
    guard.catch(settled);
    expect(t.notices).toEqual([
      {
        message: "用户会话已过期，请重新登录！",
        type: "warning",
        durationMs: 1500,
      },
    ]);
    await vi.advanceTimersByTimeAsync(1499);
    expect(t.navigate).not.toHaveBeenCalled();
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(t.navigate).toHaveBeenCalledWith(
      "/login?toPath=%2Fadmin%2Fsystem%2FuserManage",
    );
    // react-admin must neither notify again nor redirect a second time
    await expect(guard).rejects.toMatchObject({
      message: false,
      redirectTo: false,
    });
  });

  it("uses the English message in en-US", async () => {
    vi.useFakeTimers();
    await i18nProvider.changeLocale("en-US");
    window.history.replaceState(null, "", "/admin");
    const guard = authProvider.checkAuth({}).catch(() => {});
    expect(t.notices[0].message).toBe(
      "The user session has expired, please log in again!",
    );
    await vi.advanceTimersByTimeAsync(1500);
    await guard;
  });

  it("blocks a token without a user record too", async () => {
    vi.useFakeTimers();
    setToken("tok");
    window.history.replaceState(null, "", "/admin/tagManage");
    const guard = authProvider.checkAuth({}).catch((e) => e);
    await vi.advanceTimersByTimeAsync(1500);
    expect(await guard).toMatchObject({ redirectTo: false });
    expect(getToken()).toBeNull();
  });
});

describe("identity and permissions", () => {
  it("reads the identity from the user cookie", async () => {
    setStoredUser(user);
    await expect(authProvider.getIdentity!()).resolves.toEqual({
      id: 1,
      fullName: "管理员",
      loginName: "admin",
    });
  });

  it("asks the server for permissions when none are cached, then maps actions to codes", async () => {
    setToken("tok");
    setStoredUser(user);
    t.fetchMock.mockResolvedValue(
      envelopeResponse({
        code: 0,
        data: { user, permissions: ["tag:read", "tag:update"] },
      }),
    );
    await expect(authProvider.getPermissions!({})).resolves.toEqual([
      "tag:read",
      "tag:update",
    ]);
    expect(new URL(fetchCall(t.fetchMock).url).pathname).toBe("/tjc/auth/me");
    const can = (action: string) =>
      authProvider.canAccess!({ resource: "admin/tagManage", action });
    await expect(can("list")).resolves.toBe(true);
    await expect(can("edit")).resolves.toBe(true);
    await expect(can("create")).resolves.toBe(false);
    await expect(can("delete")).resolves.toBe(false);
    await expect(can("export")).resolves.toBe(false);
    expect(t.fetchMock).toHaveBeenCalledTimes(1);
  });

  it("leaves access to the route guard when there is no session", async () => {
    await expect(
      authProvider.canAccess!({
        resource: "admin/tagManage",
        action: "delete",
      }),
    ).resolves.toBe(true);
    expect(t.fetchMock).not.toHaveBeenCalled();
  });

  it("has no permissions without a session", async () => {
    await expect(authProvider.getPermissions!({})).resolves.toEqual([]);
    expect(t.fetchMock).not.toHaveBeenCalled();
  });

  it("resolves checkError for every error: the client already handled it", async () => {
    await expect(
      authProvider.checkError({ status: 401 }),
    ).resolves.toBeUndefined();
  });
});

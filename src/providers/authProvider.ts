import type { AuthProvider } from "ra-core";
import { mainClient } from "../http";
import { TWO_FACTOR_PATH } from "../http/client";
import {
  clearSession,
  getCachedPermissions,
  getStoredUser,
  getToken,
  hasSession,
  setCachedPermissions,
  setStoredUser,
  setToken,
  type SessionUser,
} from "../http/session";
import { currentPath, expireSession } from "../http/sessionExpiry";
import { translateOutsideReact } from "../i18n/runtime";
import { permissionFor } from "../resources/registry";

interface LoginAnswer {
  token: string;
  user: SessionUser;
  permissions: string[];
  /** A role requires two-factor login the user has not set up: only enrolment answers. */
  enrolmentRequired?: boolean;
}

interface MeAnswer {
  user: SessionUser;
  permissions: string[];
}

async function loadPermissions(): Promise<string[]> {
  const cached = getCachedPermissions();
  if (cached) return cached;
  if (!getToken()) return [];
  const { data } = await mainClient.get<MeAnswer>("/auth/me", {
    _loading: false,
  });
  setCachedPermissions(data.permissions);
  setStoredUser(data.user);
  return data.permissions;
}

export const authProvider: AuthProvider = {
  async login(params: {
    loginName?: string;
    username?: string;
    password?: string;
    otp?: string;
  }) {
    const loginName = (params.loginName ?? params.username ?? "").trim();
    const { data } = await mainClient.post<LoginAnswer>("/auth/login", {
      loginName,
      password: params.password ?? "",
      ...(params.otp ? { otp: params.otp } : {}),
    });
    setToken(data.token);
    setStoredUser(data.user);
    setCachedPermissions(data.permissions);
    if (data.enrolmentRequired) return { redirectTo: TWO_FACTOR_PATH };
  },

  async logout() {
    if (getToken()) {
      // The session may already be gone on the server; logging out must still succeed here.
      await mainClient
        .post("/auth/logout", { _loading: false }, { quiet: true })
        .catch(() => {});
    }
    clearSession();
    return "/login";
  },

  /**
   * The route guard: with no stored user the notice shows for 1.5 s and then the user is
   * sent to /login?toPath=<blocked path>. expireSession does the notice and the redirect
   * itself, so react-admin is told neither to notify nor to redirect.
   */
  async checkAuth() {
    if (hasSession()) return;
    const blockedPath = currentPath();
    await expireSession(
      translateOutsideReact("app.session.expired", {
        _: "The user session has expired, please log in again!",
      }),
    );
    throw { message: false, redirectTo: false, blockedPath };
  },

  // The /tjc client already handled every failure (notice, or 20107's expiry and redirect).
  async checkError() {},

  async getIdentity() {
    const user = getStoredUser();
    if (!user) throw new Error("no session");
    return {
      id: user.userId,
      fullName: user.userName,
      loginName: user.loginName,
    };
  },

  async getPermissions() {
    return loadPermissions();
  },

  // Without a session the route guard decides; answering "no" here would send a logged-out
  // user to the access-denied page instead of the login page (and be cached across login).
  async canAccess({ resource, action }) {
    const needed = permissionFor(resource, action);
    if (!needed || !hasSession()) return true;
    const permissions = await loadPermissions();
    return permissions.includes(needed);
  },
};

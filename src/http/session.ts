import Cookies from "js-cookie";
import {
  TOKEN_STORAGE_KEY,
  USER_COOKIE_DAYS,
  USER_COOKIE_NAME,
} from "../../common/constants";

/** The logged-in user as the server reports it and the `user` cookie keeps it. */
export interface SessionUser {
  userId: number;
  userName: string;
  loginName: string;
}

let permissionsCache: string[] | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_STORAGE_KEY) || null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_STORAGE_KEY, token);
}

/** Accepts a bare token or `Bearer <token>`, as the server's renewal header may send either. */
export function tokenFromAuthorizationHeader(
  value: string | null,
): string | null {
  if (!value) return null;
  const token = value.replace(/^Bearer\s+/i, "").trim();
  return token || null;
}

export function getStoredUser(): SessionUser | null {
  const raw = Cookies.get(USER_COOKIE_NAME);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    if (
      parsed &&
      parsed.userId != null &&
      typeof parsed.loginName === "string"
    ) {
      return {
        userId: parsed.userId,
        userName: parsed.userName ?? parsed.loginName,
        loginName: parsed.loginName,
      };
    }
  } catch {
    // a cookie we cannot read is no session
  }
  return null;
}

export function setStoredUser(user: SessionUser): void {
  const { userId, userName, loginName } = user;
  Cookies.set(
    USER_COOKIE_NAME,
    JSON.stringify({ userId, userName, loginName }),
    {
      expires: USER_COOKIE_DAYS,
      path: "/",
      sameSite: "Lax",
    },
  );
}

export function getCachedPermissions(): string[] | null {
  return permissionsCache;
}

export function setCachedPermissions(permissions: string[] | null): void {
  permissionsCache = permissions ? [...permissions] : null;
}

/** A session needs both halves: the token for the server and the user record for the UI. */
export function hasSession(): boolean {
  return getToken() !== null && getStoredUser() !== null;
}

/** Clears everything a session leaves in the browser: token, user cookie, permissions. */
export function clearSession(): void {
  storage()?.removeItem(TOKEN_STORAGE_KEY);
  Cookies.remove(USER_COOKIE_NAME, { path: "/" });
  permissionsCache = null;
}

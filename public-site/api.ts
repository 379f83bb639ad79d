import { Code, type Language } from "../common/codes";
import {
  SESSION_HANDOFF_COOKIE,
  TOKEN_STORAGE_KEY,
  USER_COOKIE_DAYS,
  USER_COOKIE_NAME,
} from "../common/constants";

/** The logged-in member, as the `user` cookie holds it (shared with the admin). */
export interface SiteUser {
  userId: number;
  userName: string;
  loginName: string;
}

/** A failed call: the envelope's code, message and data. */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

function mainBase(): string {
  const config = (window as { __TJC_CONFIG__?: { mainBase?: string } })
    .__TJC_CONFIG__;
  return config?.mainBase ?? "/tjc";
}

export function currentToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function currentUser(): SiteUser | null {
  const match = document.cookie.match(
    new RegExp(`(?:^|; )${USER_COOKIE_NAME}=([^;]*)`),
  );
  if (!match || !currentToken()) return null;
  try {
    return JSON.parse(decodeURIComponent(match[1]!)) as SiteUser;
  } catch {
    return null;
  }
}

export function saveSession(token: string, user: SiteUser): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  document.cookie = `${USER_COOKIE_NAME}=${encodeURIComponent(JSON.stringify(user))}; path=/; max-age=${USER_COOKIE_DAYS * 86400}; samesite=lax`;
}

/**
 * Takes over a session the no-JavaScript login or sign-up form made: the server left its
 * token in a short-lived cookie; it moves to local storage, and the cookie is cleared.
 */
export function adoptFormSession(): void {
  const match = document.cookie.match(
    new RegExp(`(?:^|; )${SESSION_HANDOFF_COOKIE}=([^;]*)`),
  );
  if (!match) return;
  try {
    localStorage.setItem(TOKEN_STORAGE_KEY, decodeURIComponent(match[1]!));
  } catch {
    // Storage refused (private mode): the visitor stays logged out.
  }
  document.cookie = `${SESSION_HANDOFF_COOKIE}=; path=/; max-age=0`;
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  document.cookie = `${USER_COOKIE_NAME}=; path=/; max-age=0`;
}

/** Calls the /tjc API: bearer token, language, the envelope read whatever the status. */
export async function api<T>(
  language: Language,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  const token = currentToken();
  const response = await fetch(`${mainBase()}${path}`, {
    method,
    headers: {
      "Accept-Language": language,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const renewed = response.headers.get("Authorization");
  if (renewed?.startsWith("Bearer "))
    localStorage.setItem(TOKEN_STORAGE_KEY, renewed.slice(7));
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    data: T;
  };
  if (envelope.code === Code.SESSION_EXPIRED) clearSession();
  if (envelope.code !== Code.OK)
    throw new ApiFailure(envelope.code, envelope.message, envelope.data);
  return envelope.data;
}

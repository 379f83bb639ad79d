import { SESSION_EXPIRED_NOTICE_MS } from "../../common/constants";
import { clearSession } from "./session";
import { navigateTo, showNotice } from "./shellBridge";

/** Where a logged-out user goes: /login, with the page they were on as `toPath`. */
export function loginPathFor(blockedPath: string): string {
  const pathname = blockedPath.split(/[?#]/)[0];
  if (!blockedPath || pathname === "/" || pathname === "/login")
    return "/login";
  return `/login?toPath=${encodeURIComponent(blockedPath)}`;
}

export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/**
 * Browsers drop tabs and newlines from URLs and read "\\" as "/", so "/\t/evil.com" would
 * become "//evil.com": such characters never appear in a path this app produced.
 */
function hasUnsafeCharacter(raw: string): boolean {
  return [...raw].some((ch) => {
    const code = ch.charCodeAt(0);
    return code <= 0x20 || code === 0x7f || ch === "\\" || /\s/.test(ch);
  });
}

/** A `toPath` is only followed when it is a path inside this app (no open redirect). */
export function safeToPath(
  raw: string | null | undefined,
  fallback = "/admin",
): string {
  if (
    !raw ||
    !raw.startsWith("/") ||
    raw.startsWith("//") ||
    hasUnsafeCharacter(raw) ||
    new URL(raw, window.location.origin).origin !== window.location.origin
  ) {
    return fallback;
  }
  const pathname = raw.split(/[?#]/)[0];
  if (pathname === "/" || pathname === "/login") return fallback;
  return raw;
}

/** Whether ending the session sends the user away: not from / or /login, already there. */
export function expiryLeavesPage(path = currentPath()): boolean {
  const pathname = path.split(/[?#]/)[0];
  return pathname !== "/" && pathname !== "/login";
}

let pending: Promise<void> | null = null;

/**
 * Ends the session in the browser: clears the token and the user cookie, shows `message`
 * for 1.5 s, then goes to /login?toPath=<the page the user was on>, unless the user was
 * already on / or /login. Several calls while one is under way share it (one notice, one
 * redirect): a page firing five requests that all get 20107 still shows one message.
 */
export function expireSession(message: string): Promise<void> {
  if (pending) return pending;
  const fromPath = currentPath();
  clearSession();
  showNotice({
    message,
    type: "warning",
    durationMs: SESSION_EXPIRED_NOTICE_MS,
  });
  pending = new Promise<void>((resolve) => {
    setTimeout(() => {
      if (expiryLeavesPage(fromPath)) navigateTo(loginPathFor(fromPath));
      pending = null;
      resolve();
    }, SESSION_EXPIRED_NOTICE_MS);
  });
  return pending;
}

export function isSessionExpiring(): boolean {
  return pending !== null;
}

/** For tests. */
export function resetSessionExpiry(): void {
  pending = null;
}

import { vi } from "vitest";
import Cookies from "js-cookie";
import {
  resetShellBridge,
  connectNavigator,
  connectNoticeSink,
  type Notice,
} from "./shellBridge";
import { resetSessionExpiry } from "./sessionExpiry";
import { loadingFlag } from "./loading";
import { setCachedPermissions } from "./session";

/** A fetch Response carrying a /tjc envelope. */
export function envelopeResponse(
  body: { code: number; message?: string; data?: unknown },
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(JSON.stringify({ message: "", data: null, ...body }), {
    status: init.status ?? 200,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      ...init.headers,
    },
  });
}

/** Resets every piece of client state, and wires spies in place of the notifier and router. */
export function setUpClientTest() {
  resetShellBridge();
  resetSessionExpiry();
  loadingFlag.reset();
  setCachedPermissions(null);
  localStorage.clear();
  Cookies.remove("user", { path: "/" });
  window.__TJC_CONFIG__ = undefined;
  const notices: Notice[] = [];
  const notify = vi.fn((notice: Notice) => notices.push(notice));
  const navigate = vi.fn();
  connectNoticeSink(notify);
  connectNavigator(navigate);
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal("fetch", fetchMock);
  return { notices, notify, navigate, fetchMock };
}

/** The URL, method and headers of the nth fetch call. */
export function fetchCall(
  fetchMock: ReturnType<typeof vi.fn<typeof fetch>>,
  index = 0,
) {
  const [input, init = {}] = fetchMock.mock.calls[index];
  return {
    url: String(input),
    method: init.method ?? "GET",
    headers: new Headers(init.headers),
    body: init.body,
    credentials: init.credentials,
  };
}

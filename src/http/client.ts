import { Code, type Envelope } from "../../common/codes";
import { ERROR_NOTICE_MS } from "../../common/constants";
import { getCurrentLanguage } from "../i18n/language";
import { translateOutsideReact } from "../i18n/runtime";
import { resolveBase, type ServiceName } from "./config";
import { ApiError } from "./errors";
import { loadingFlag } from "./loading";
import { getToken, setToken, tokenFromAuthorizationHeader } from "./session";
import { expireSession, expiryLeavesPage } from "./sessionExpiry";
import { navigateTo, showNotice } from "./shellBridge";

/** Where a session that must set up two-factor login first is sent (TwoFactorPage). */
export const TWO_FACTOR_PATH = "/admin/two-factor";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Params = Record<string, unknown>;

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters. A `_loading` entry is taken out and decides the overlay. */
  params?: Params;
  /** A JSON body (a plain object loses its `_loading` entry), or FormData for uploads. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Whether the overlay shows while this call runs; `_loading` in params/body wins. */
  loading?: boolean;
  /**
   * Quiet calls (logout, say) still reject on failure, but show no notice and do not
   * end the session on 20107: the caller handles the outcome itself.
   */
  quiet?: boolean;
}

export interface Download {
  blob: Blob;
  filename: string | null;
}

export interface TjcClient {
  readonly name: string;
  readonly baseUrl: string;
  request<T = unknown>(
    path: string,
    options?: RequestOptions,
  ): Promise<Envelope<T>>;
  get<T = unknown>(
    path: string,
    params?: Params,
    options?: RequestOptions,
  ): Promise<Envelope<T>>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<Envelope<T>>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<Envelope<T>>;
  delete<T = unknown>(
    path: string,
    options?: RequestOptions,
  ): Promise<Envelope<T>>;
  /** A file answer (CSV export): the body as a Blob; an envelope answer is an error. */
  download(
    path: string,
    params?: Params,
    options?: RequestOptions,
  ): Promise<Download>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Takes the `_loading` flag out of params or a body; returns it and what is left. */
export function takeLoadingFlag<T>(value: T): {
  loading: boolean | undefined;
  rest: T;
} {
  if (!isPlainObject(value) || !("_loading" in value))
    return { loading: undefined, rest: value };
  const { _loading, ...rest } = value;
  return {
    loading: _loading === undefined ? undefined : Boolean(_loading),
    rest: rest as T,
  };
}

export function serializeParams(params: Params | undefined): string {
  if (!params) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(
      key,
      typeof value === "object" ? JSON.stringify(value) : String(value),
    );
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function joinUrl(base: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${base}${path.startsWith("/") ? path : `/${path}`}`;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    isPlainObject(value) &&
    typeof value.code === "number" &&
    (typeof value.message === "string" || value.message === undefined)
  );
}

function filenameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/**
 * The server's own reasons (`data.errors`, field → sentence), when it sent any: "this
 * channel still has live videos" says more than the code's generic "conflict" (issue 25
 * item 17). Repeated sentences show once.
 */
function specificReason(data: unknown): string | undefined {
  const errors = (data as { errors?: unknown } | null | undefined)?.errors;
  if (!errors || typeof errors !== "object") return undefined;
  const reasons = [
    ...new Set(
      Object.values(errors).filter(
        (value): value is string =>
          typeof value === "string" && value.trim() !== "",
      ),
    ),
  ];
  if (reasons.length === 0) return undefined;
  return reasons.join(getCurrentLanguage() === "zh-CN" ? "；" : "; ");
}

/** The notice of a refused call: the server's reason, or else its message. */
function failureNotice(message: string, data: unknown) {
  return {
    message: specificReason(data) ?? message,
    type: "error" as const,
    durationMs: ERROR_NOTICE_MS,
  };
}

/**
 * Tells the person about a failed call: a notice, except where a page says it itself. A
 * session that may only set up two-factor login (40301) goes to that page; the login page
 * asks for the code (40101 without a refused code) itself.
 */
function reportFailure(code: number, message: string, data: unknown): void {
  if (code === Code.ENROLMENT_REQUIRED) {
    navigateTo(TWO_FACTOR_PATH);
    return;
  }
  const asksForCode =
    code === Code.OTP_REQUIRED &&
    !(data as { otpRejected?: boolean } | null)?.otpRejected;
  if (!asksForCode) showNotice(failureNotice(message, data));
}

/** The headers and body of a call: token, language and the body's own content type. */
function requestParts(
  method: string,
  extraHeaders: Record<string, string> | undefined,
  payload: unknown,
  expect: "envelope" | "file",
): { headers: Record<string, string>; body: BodyInit | undefined } {
  const headers: Record<string, string> = {
    Accept: expect === "file" ? "*/*" : "application/json",
    "Accept-Language": getCurrentLanguage(),
    ...extraHeaders,
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (method === "GET") {
    headers["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  } else if (payload instanceof FormData || payload instanceof Blob) {
    body = payload; // the browser sets the multipart boundary itself
  } else if (payload !== undefined) {
    headers["Content-Type"] = "application/json;charset=UTF-8";
    body = JSON.stringify(payload);
  }
  return { headers, body };
}

/**
 * One named client over one base address. Every call goes through `send`, which holds
 * the spec's rules (section 7 and 8): token and Accept-Language out, renewed token in,
 * the envelope's code decides success, 20107 ends the session, any other failure is shown
 * as a 3 s notice and rejects.
 */
export function createClient(name: string, service: ServiceName): TjcClient {
  async function send(
    path: string,
    options: RequestOptions,
    expect: "envelope" | "file",
  ): Promise<Envelope | Download> {
    const method = options.method ?? "GET";
    const fromParams = takeLoadingFlag(options.params);
    const fromBody = takeLoadingFlag(options.body);
    const showLoading =
      fromBody.loading ?? fromParams.loading ?? options.loading ?? true;

    const { headers, body } = requestParts(
      method,
      options.headers,
      fromBody.rest,
      expect,
    );

    const url =
      joinUrl(resolveBase(service), path) + serializeParams(fromParams.rest);
    const endLoading = showLoading ? loadingFlag.begin() : () => {};

    let response: Response;
    try {
      response = await globalThis.fetch(url, {
        method,
        headers,
        body,
        credentials: "include",
        signal: options.signal,
      });
    } catch (cause) {
      endLoading();
      if (cause instanceof DOMException && cause.name === "AbortError")
        throw cause;
      console.error(`[${name}] ${method} ${url} failed`, cause);
      const reason = cause instanceof Error ? cause.message : String(cause);
      const message = translateOutsideReact("app.http.network_error", {
        error: reason,
        _: `Network error: ${reason}`,
      });
      if (!options.quiet)
        showNotice({ message, type: "error", durationMs: ERROR_NOTICE_MS });
      throw new ApiError(message, { kind: "network" });
    }

    try {
      const renewed = tokenFromAuthorizationHeader(
        response.headers.get("Authorization"),
      );
      if (renewed) setToken(renewed);

      const contentType = response.headers.get("Content-Type") ?? "";
      if (
        expect === "file" &&
        response.ok &&
        !contentType.includes("application/json")
      ) {
        return {
          blob: await response.blob(),
          filename: filenameFrom(response.headers.get("Content-Disposition")),
        };
      }

      let envelope: unknown;
      try {
        envelope = JSON.parse(await response.text());
      } catch {
        envelope = undefined;
      }
      if (!isEnvelope(envelope)) {
        const message = translateOutsideReact("app.http.bad_response", {
          status: response.status,
          _: `The server sent an unexpected answer (HTTP ${response.status})`,
        });
        console.error(
          `[${name}] ${method} ${url}: not an envelope (HTTP ${response.status})`,
        );
        if (!options.quiet)
          showNotice({ message, type: "error", durationMs: ERROR_NOTICE_MS });
        throw new ApiError(message, {
          kind: "response",
          status: response.status,
        });
      }

      const message = envelope.message ?? "";
      if (envelope.code === Code.OK) return envelope;

      const error = new ApiError(message, {
        kind: "api",
        code: envelope.code,
        status: response.status,
        data: envelope.data,
      });
      if (options.quiet) throw error;
      if (envelope.code === Code.SESSION_EXPIRED) {
        void expireSession(message);
        // The page is leaving for /login. A rejection would let the caller report it as
        // something else (react-admin's "item doesn't exist" on an edit page), so the
        // call never settles; on / and /login, where nobody leaves, it rejects.
        if (expiryLeavesPage()) return new Promise<never>(() => {});
        throw error;
      }
      reportFailure(envelope.code, message, envelope.data);
      throw error;
    } finally {
      endLoading();
    }
  }

  const client: TjcClient = {
    name,
    get baseUrl() {
      return resolveBase(service);
    },
    request: (path, options = {}) =>
      send(path, options, "envelope") as Promise<Envelope<never>>,
    get: (path, params, options = {}) =>
      send(path, { ...options, method: "GET", params }, "envelope") as Promise<
        Envelope<never>
      >,
    post: (path, body, options = {}) =>
      send(path, { ...options, method: "POST", body }, "envelope") as Promise<
        Envelope<never>
      >,
    put: (path, body, options = {}) =>
      send(path, { ...options, method: "PUT", body }, "envelope") as Promise<
        Envelope<never>
      >,
    delete: (path, options = {}) =>
      send(path, { ...options, method: "DELETE" }, "envelope") as Promise<
        Envelope<never>
      >,
    download: (path, params, options = {}) =>
      send(
        path,
        { ...options, method: "GET", params },
        "file",
      ) as Promise<Download>,
  };
  return client;
}

import { Code, HTTP_STATUS, type Language } from "../../common/codes.js";

/** A failure with an envelope code. Thrown by handlers; turned into the envelope once. */
export class ApiError extends Error {
  readonly code: Code;
  readonly statusCode: number;
  readonly data: unknown;
  readonly headers: Record<string, string>;
  /** The envelope's message, when a plain sentence says more than the code's own. */
  readonly envelopeMessage: string | undefined;

  constructor(
    code: Code,
    options: {
      data?: unknown;
      headers?: Record<string, string>;
      detail?: string;
      message?: string;
    } = {},
  ) {
    super(options.detail ?? `api error ${code}`);
    this.name = "ApiError";
    this.code = code;
    this.statusCode = HTTP_STATUS[code];
    this.data = options.data ?? null;
    this.headers = options.headers ?? {};
    this.envelopeMessage = options.message;
  }
}

/** 40000 with a field → message map, the shape of every validation failure. */
export function validationError(errors: Record<string, string>): ApiError {
  return new ApiError(Code.VALIDATION, { data: { errors } });
}

export const notFound = () => new ApiError(Code.NOT_FOUND);
export const conflict = (detail?: string) =>
  new ApiError(Code.CONFLICT, detail ? { detail } : {});

/**
 * 42900 that says how long to wait, in whole minutes ("try again in 5 minutes"), with the
 * Retry-After header and `data.retryAfter` in seconds.
 */
export function tooManyRequests(
  retryAfterSeconds: number,
  language: Language,
): ApiError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(Code.TOO_MANY_REQUESTS, {
    headers: { "Retry-After": String(retryAfter) },
    data: { retryAfter },
    message: waitMessage(retryAfter, language),
  });
}

/** "请 5 分钟后再试" / "Too many tries. Try again in 1 minute." (whole minutes, rounded up). */
export function waitMessage(seconds: number, language: Language): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (language === "en-US") {
    return `Too many tries. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
  }
  return `尝试过于频繁，请 ${minutes} 分钟后再试`;
}

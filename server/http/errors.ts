import { Code, HTTP_STATUS } from "../../common/codes.js";

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

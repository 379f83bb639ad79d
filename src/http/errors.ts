/**
 * Why a /tjc call failed:
 * - "api": the server answered an envelope with a nonzero code;
 * - "network": no answer at all (offline, refused, CORS);
 * - "response": an answer that is not an envelope (a proxy's error page, say).
 */
export type ApiErrorKind = "api" | "network" | "response";

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  readonly status: number | null;
  readonly data: unknown;
  /** react-admin reads `body.errors` to put server validation messages on the fields. */
  readonly body?: { errors: Record<string, string> };

  constructor(
    message: string,
    options: {
      kind: ApiErrorKind;
      code?: number | null;
      status?: number | null;
      data?: unknown;
    },
  ) {
    super(message);
    this.name = "ApiError";
    this.kind = options.kind;
    this.code = options.code ?? null;
    this.status = options.status ?? null;
    this.data = options.data;
    const errors = (options.data as { errors?: unknown } | undefined)?.errors;
    if (errors && typeof errors === "object") {
      this.body = { errors: errors as Record<string, string> };
    }
  }
}

/**
 * The /tjc envelope codes (DESIGN.md section 4), defined once for the server and both apps.
 * Each code carries its HTTP status and its message in every supported language.
 */
export const Code = {
  OK: 0,
  SESSION_EXPIRED: 20107,
  VALIDATION: 40000,
  BAD_CREDENTIALS: 40100,
  /** The password was right; the account logs in with a second factor (`data.otpRequired`). */
  OTP_REQUIRED: 40101,
  FORBIDDEN: 40300,
  /** The session may only enrol a second factor (`data.enrolmentRequired`). */
  ENROLMENT_REQUIRED: 40301,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  MUTED: 42300,
  TOO_MANY_REQUESTS: 42900,
  INTERNAL: 50000,
} as const;

export type Code = (typeof Code)[keyof typeof Code];

export const SUPPORTED_LANGUAGES = ["zh-CN", "en-US"] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "zh-CN";

export const HTTP_STATUS: Record<Code, number> = {
  [Code.OK]: 200,
  [Code.SESSION_EXPIRED]: 401,
  [Code.VALIDATION]: 400,
  [Code.BAD_CREDENTIALS]: 400,
  [Code.OTP_REQUIRED]: 400,
  [Code.FORBIDDEN]: 403,
  [Code.ENROLMENT_REQUIRED]: 403,
  [Code.NOT_FOUND]: 404,
  [Code.CONFLICT]: 409,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.UNSUPPORTED_MEDIA_TYPE]: 415,
  [Code.MUTED]: 403,
  [Code.TOO_MANY_REQUESTS]: 429,
  [Code.INTERNAL]: 500,
};

export const CODE_MESSAGES: Record<Language, Record<Code, string>> = {
  "zh-CN": {
    [Code.OK]: "成功",
    [Code.SESSION_EXPIRED]: "用户会话已过期，请重新登录！",
    [Code.VALIDATION]: "请求参数有误",
    [Code.BAD_CREDENTIALS]: "登录名或密码错误",
    [Code.OTP_REQUIRED]: "请输入两步验证码或恢复码",
    [Code.FORBIDDEN]: "没有执行此操作的权限",
    [Code.ENROLMENT_REQUIRED]: "请先启用两步验证",
    [Code.NOT_FOUND]: "请求的资源不存在",
    [Code.CONFLICT]: "数据冲突：记录已被修改或存在重复值",
    [Code.PAYLOAD_TOO_LARGE]: "请求内容过大",
    [Code.UNSUPPORTED_MEDIA_TYPE]: "不支持的内容类型",
    [Code.MUTED]: "您已被禁言",
    [Code.TOO_MANY_REQUESTS]: "请求过于频繁，请稍后再试",
    [Code.INTERNAL]: "服务器内部错误",
  },
  "en-US": {
    [Code.OK]: "OK",
    [Code.SESSION_EXPIRED]:
      "The user session has expired, please log in again!",
    [Code.VALIDATION]: "The request is invalid",
    [Code.BAD_CREDENTIALS]: "Wrong login name or password",
    [Code.OTP_REQUIRED]: "Enter your two-factor code or a recovery code",
    [Code.FORBIDDEN]: "You are not permitted to do this",
    [Code.ENROLMENT_REQUIRED]: "Set up two-factor login first",
    [Code.NOT_FOUND]: "The requested resource does not exist",
    [Code.CONFLICT]:
      "Conflict: the record was changed meanwhile or a value is already taken",
    [Code.PAYLOAD_TOO_LARGE]: "The request is too large",
    [Code.UNSUPPORTED_MEDIA_TYPE]: "Unsupported media type",
    [Code.MUTED]: "You have been muted",
    [Code.TOO_MANY_REQUESTS]: "Too many requests, please try again later",
    [Code.INTERNAL]: "Internal server error",
  },
};

/** The envelope every /tjc response carries. */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** A list answer: one page of rows and the total matching the filter. */
export interface ListData<T> {
  list: T[];
  total: number;
}

/** Picks the best supported language from an Accept-Language header value. */
export function pickLanguage(header: string | undefined | null): Language {
  return matchAcceptLanguage(header) ?? DEFAULT_LANGUAGE;
}

/** The best supported language an Accept-Language header asks for, or null when none. */
export function matchAcceptLanguage(
  header: string | undefined | null,
): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        tag: tag.trim().toLowerCase(),
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag.startsWith("en")) return "en-US";
    if (tag.startsWith("zh")) return "zh-CN";
  }
  return null;
}

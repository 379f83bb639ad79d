import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Language } from "../../common/codes.js";
import { LANGUAGE_STORAGE_KEY } from "../../common/constants.js";
import { languageCookie } from "../../common/language-choice.js";
import type { MemberAccount } from "../../common/schemas/member-account.js";
import type { AccountFormState } from "./account-form.js";

/** The settings forms of `/ask?view=account`, told apart by their `action` field. */
export const ACCOUNT_ACTIONS = [
  "email",
  "cancel",
  "resend",
  "password",
  "language",
] as const;
type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** A field may hold at most this much; the API's own limits are lower. */
const MAX_FIELD = 512;

/** The JSON route each form goes through, as the hydrated page calls it. */
function callOf(
  action: AccountAction,
  field: (name: string) => string,
): { method: "GET" | "PUT" | "POST" | "DELETE"; url: string; body?: unknown } {
  switch (action) {
    case "email":
      return {
        method: "PUT",
        url: "/tjc/ask/account/email",
        body: { email: field("email") },
      };
    case "cancel":
      return { method: "DELETE", url: "/tjc/ask/account/pending-email" };
    case "resend":
      return { method: "POST", url: "/tjc/auth/email/verify/resend" };
    case "password":
      return {
        method: "PUT",
        url: "/tjc/auth/password",
        body: {
          oldPassword: field("oldPassword"),
          newPassword: field("newPassword"),
        },
      };
    case "language":
      return {
        method: "PUT",
        url: "/tjc/ask/account/language",
        body: { language: field("language") },
      };
  }
}

/**
 * `POST /ask?view=account` (server/public-site/account-form.ts checks the origin first):
 * one of the member's settings forms without JavaScript. It goes through the same JSON
 * route as the hydrated page, with the session the no-JavaScript login left in its
 * handoff cookie and the visitor's address, so every limit applies alike; the answer is
 * the page again with what happened and the account as it now is (address in use, a new
 * one waiting). A saved language also becomes the site's language (its cookie).
 */
export async function postMemberAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    fields: Record<string, string>;
    language: Language;
    session: string | undefined;
    render: (state: AccountFormState, status: number) => Promise<FastifyReply>;
  },
): Promise<FastifyReply> {
  const { fields, session } = options;
  let language = options.language;
  const field = (name: string) =>
    String(fields[name] ?? "").slice(0, MAX_FIELD);
  const action =
    ACCOUNT_ACTIONS.find((name) => name === fields.action) ?? "email";
  const call = callOf(action, field);
  const inject = (method: string, url: string, body?: unknown) =>
    app.inject({
      method: method as "GET",
      url,
      remoteAddress: request.ip,
      headers: {
        ...(session ? { authorization: `Bearer ${session}` } : {}),
        "accept-language": language,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        "user-agent": request.headers["user-agent"] ?? "",
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const answer = await inject(call.method, call.url, call.body);
  const envelope = answer.json() as {
    code: number;
    message: string;
    data: { errors?: Record<string, string>; email?: string } | null;
  };
  const values: Record<string, string> = { action };
  if (action === "email") values.email = field("email");
  if (envelope.code === 0 && action === "resend" && envelope.data?.email)
    values.email = envelope.data.email;
  if (envelope.code === 0 && action === "language") {
    language = field("language") as Language;
    reply.header("Set-Cookie", languageCookie(language));
    // The page that answers is already in the language chosen.
    request.headers.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; ${request.headers.cookie ?? ""}`;
  }
  const current = await inject("GET", "/tjc/ask/account");
  const member =
    current.statusCode === 200
      ? (current.json() as { data: MemberAccount }).data
      : undefined;
  if (envelope.code === 0)
    return options.render({ error: "", values, done: true, member }, 200);
  const first = Object.values(envelope.data?.errors ?? {})[0];
  const error = first ? `${envelope.message}: ${first}` : envelope.message;
  return options.render({ error, values, member }, answer.statusCode);
}

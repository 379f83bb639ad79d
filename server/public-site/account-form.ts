import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Language } from "../../common/codes.js";
import {
  SESSION_HANDOFF_COOKIE,
  SESSION_HANDOFF_SECONDS,
  USER_COOKIE_DAYS,
  USER_COOKIE_NAME,
} from "../../common/constants.js";
import { translate } from "../../public-site/i18n.js";
import { siteOrigin } from "./seo.js";
import type { MemberAccount } from "../../common/schemas/member-account.js";
import { postMemberAccount } from "./member-account-form.js";

/** What a refused form shows again: the reason, and what was typed (never the password). */
export interface AccountFormState {
  error: string;
  values: Record<string, string>;
  /** A password-reset form the server accepted: the page says what happens next. */
  done?: boolean;
  /** The member's settings as they now are (`/ask?view=account`). */
  member?: MemberAccount;
}

type FormView = "login" | "signup" | "forgot" | "reset" | "verify" | "mail";
type AccountView = FormView | "account";
const VIEWS: readonly AccountView[] = [
  "login",
  "signup",
  "forgot",
  "reset",
  "verify",
  "mail",
  "account",
];

/** The JSON route each form goes through, and the fields it keeps to show again. */
const FORM_ROUTES: Record<FormView, { url: string; kept: string[] }> = {
  login: { url: "/tjc/auth/login", kept: ["loginName"] },
  signup: {
    url: "/tjc/public/signup",
    kept: ["loginName", "userName", "email"],
  },
  forgot: { url: "/tjc/auth/password-reset", kept: ["email"] },
  reset: { url: "/tjc/auth/password-reset/confirm", kept: [] },
  verify: { url: "/tjc/auth/email/verify", kept: [] },
  // A member's notice e-mail choice (PUT, with the session of the no-JavaScript login).
  mail: { url: "/tjc/ask/notice-mail", kept: ["noticeMail"] },
};

/**
 * The session a no-JavaScript login left in its handoff cookie (nothing moved it to local
 * storage): the only session a form posted without JavaScript can carry.
 */
function handoffToken(request: FastifyRequest): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${SESSION_HANDOFF_COOKIE}=([^;]*)`).exec(
    request.headers.cookie ?? "",
  );
  try {
    return match ? decodeURIComponent(match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

/** Renders an account view of /ask (login, sign-up, password reset) with the form's state. */
export type RenderAccountPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  view: AccountView,
  state: AccountFormState,
  status: number,
) => Promise<FastifyReply>;

/** A field may hold at most this much; the API's own limits are lower. */
const MAX_FIELD = 512;

/**
 * Whether a form POST came from this site's own page: the Origin header when the browser
 * sends one (every current browser does on a POST), else the Referer. A login form posted
 * from another site (login CSRF) is refused.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const own = siteOrigin(request);
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === own;
  const referer = request.headers.referer;
  return (
    typeof referer === "string" &&
    (referer === own || referer.startsWith(`${own}/`))
  );
}

/** Where to go after logging in: a path on this site, else the community. */
function backPath(value: unknown): string {
  const back = Array.isArray(value) ? value[0] : value;
  return typeof back === "string" &&
    back.startsWith("/") &&
    !back.startsWith("//") &&
    !back.startsWith("/\\")
    ? back
    : "/ask";
}

function sessionCookies(
  request: FastifyRequest,
  token: string,
  user: unknown,
): string[] {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return [
    `${SESSION_HANDOFF_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${SESSION_HANDOFF_SECONDS}; SameSite=Lax${secure}`,
    `${USER_COOKIE_NAME}=${encodeURIComponent(JSON.stringify(user))}; Path=/; Max-Age=${USER_COOKIE_DAYS * 86400}; SameSite=Lax${secure}`,
  ];
}

function field(fields: Record<string, string>, name: string): string {
  return (fields[name] ?? "").slice(0, MAX_FIELD);
}

/**
 * `POST /ask?view=login|signup|forgot|reset`: the community's account forms without
 * JavaScript (or before it has run). The forms post here, so a password or an e-mail
 * address never goes into a URL. The request goes through the same JSON route as the
 * hydrated form (`/tjc/auth/login`, `/tjc/public/signup`), with the visitor's address,
 * so every limit and throttle applies alike. Success sets the session cookies and answers
 * 303 to where the visitor came from; a refusal renders the form again with the reason
 * in the visitor's language.
 */
export function registerAccountForm(
  app: FastifyInstance,
  language: (request: FastifyRequest) => Language,
  render: RenderAccountPage,
): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(
      "/ask",
      { config: { permission: "public" }, schema: { hide: true } },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const view: AccountView =
          VIEWS.find((name) => name === query.view) ?? "login";
        const fields = (request.body ?? {}) as Record<string, string>;
        const lang = language(request);
        if (!sameOrigin(request)) {
          const error = translate(lang, "account.form_elsewhere");
          return render(request, reply, view, { error, values: {} }, 403);
        }
        if (view === "account")
          return postMemberAccount(app, request, reply, {
            fields,
            language: lang,
            session: handoffToken(request),
            render: (state, status) =>
              render(request, reply, view, state, status),
          });
        const route = FORM_ROUTES[view];
        const values: Record<string, string> = Object.fromEntries(
          route.kept.map((name) => [name, field(fields, name)]),
        );
        // A reset or confirmation link's token comes in the page's own URL (?token=…).
        const token = Array.isArray(query.token) ? query.token[0] : query.token;
        const session = view === "mail" ? handoffToken(request) : undefined;
        const answer = await app.inject({
          method: view === "mail" ? "PUT" : "POST",
          url: route.url,
          remoteAddress: request.ip,
          headers: {
            ...(session ? { authorization: `Bearer ${session}` } : {}),
            "accept-language": lang,
            "content-type": "application/json",
            "user-agent": request.headers["user-agent"] ?? "",
          },
          payload: JSON.stringify(
            view === "forgot" || view === "mail"
              ? values
              : view === "verify"
                ? { token: String(token ?? "").slice(0, MAX_FIELD) }
                : view === "reset"
                  ? {
                      token: String(token ?? ""),
                      password: field(fields, "password"),
                    }
                  : { ...values, password: field(fields, "password") },
          ),
        });
        const envelope = answer.json() as {
          code: number;
          message: string;
          data: {
            token?: string;
            user?: unknown;
            errors?: Record<string, string>;
          } | null;
        };
        if (
          envelope.code === 0 &&
          (view === "forgot" ||
            view === "reset" ||
            view === "verify" ||
            view === "mail")
        ) {
          return render(
            request,
            reply,
            view,
            { error: "", values, done: true },
            200,
          );
        }
        if (envelope.code === 0 && envelope.data?.token) {
          return reply
            .code(303)
            .header(
              "Set-Cookie",
              sessionCookies(request, envelope.data.token, envelope.data.user),
            )
            .header("Location", backPath(query.back))
            .header("Cache-Control", "no-store")
            .send();
        }
        const first = Object.values(envelope.data?.errors ?? {})[0];
        const error = first
          ? `${envelope.message}: ${first}`
          : envelope.message;
        return render(
          request,
          reply,
          view,
          { error, values },
          answer.statusCode,
        );
      },
    );
  });
}

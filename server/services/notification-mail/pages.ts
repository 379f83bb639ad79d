import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Language } from "../../../common/codes.js";
import { pageLanguage } from "../../public-site/page-data.js";
import { escapeHtml } from "../../mail/templates.js";
import { siteNameIn } from "../email-links.js";
import { PREFERENCES_PATH } from "./compose.js";
import { UNSUBSCRIBE_PATH } from "./send.js";
import {
  unsubscribe,
  unsubscribeState,
  UNSUBSCRIBE_STATUS,
  UNSUBSCRIBE_TEXT,
  type UnsubscribeState,
} from "./unsubscribe.js";

/** Requests one client may make to the unsubscribe page a minute. */
export const UNSUBSCRIBES_PER_MINUTE = 20;

function page(
  language: Language,
  site: string,
  state: UnsubscribeState,
  token: string,
): string {
  const words = UNSUBSCRIBE_TEXT[language];
  const { title, text } = words[state];
  const form =
    state === "ready"
      ? `<form method="post" action="${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(words.button)}</button></form>`
      : "";
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(`${title} · ${site}`)}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.6;color:#1f2328;max-width:36rem;margin:0 auto;padding:1.5rem 1rem}h1{font-size:1.4rem}button{font:inherit;padding:.6rem 1.2rem;min-height:44px;border:0;border-radius:6px;background:#0b57d0;color:#fff;cursor:pointer}a{color:#0b57d0}nav{margin-top:2rem;display:flex;gap:1.5rem;flex-wrap:wrap}nav a{display:inline-block;padding:.5rem 0}</style>
</head><body><main><p>${escapeHtml(site)}</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${form}<nav><a href="/ask">${escapeHtml(words.back)}</a><a href="${PREFERENCES_PATH}">${escapeHtml(words.preferences)}</a></nav></main></body></html>`;
}

function tokenOf(request: FastifyRequest): string {
  const token = (request.query as Record<string, unknown>).token;
  const value = Array.isArray(token) ? token[0] : token;
  return typeof value === "string" ? value.slice(0, 200) : "";
}

/**
 * `GET /mail/unsubscribe?token=…` asks to confirm; `POST` (the page's button, or a mail
 * client's RFC 8058 one-click POST with `List-Unsubscribe=One-Click`) unsubscribes. No
 * login: the signed token says whose. A forged, expired or used link gets its own page in
 * the visitor's language, never an error.
 */
export const unsubscribePagesPlugin = fp(
  async (app: FastifyInstance) => {
    const send = (
      request: FastifyRequest,
      reply: FastifyReply,
      state: UnsubscribeState,
      token: string,
    ) => {
      const language = pageLanguage(request, app.ministryLanguage.get());
      return reply
        .code(UNSUBSCRIBE_STATUS[state])
        .type("text/html; charset=utf-8")
        .header("Cache-Control", "no-store")
        .header("Content-Language", language)
        .header("Referrer-Policy", "no-referrer")
        .send(page(language, siteNameIn(app, language), state, token));
    };
    const config = {
      permission: "public" as const,
      rateLimit: { max: UNSUBSCRIBES_PER_MINUTE, timeWindow: "1 minute" },
    };
    void app.register(async (scope) => {
      // One-click POSTs carry a form body; its content does not matter beyond being small.
      scope.addContentTypeParser(
        "application/x-www-form-urlencoded",
        { parseAs: "string", bodyLimit: 4096 },
        (_request, _body, done) => done(null, {}),
      );
      scope.get(
        UNSUBSCRIBE_PATH,
        { config, schema: { hide: true } },
        async (request, reply) => {
          const token = tokenOf(request);
          const { state } = await unsubscribeState(app.store.db, token);
          return send(request, reply, state, token);
        },
      );
      scope.post(
        UNSUBSCRIBE_PATH,
        { config, schema: { hide: true } },
        async (request, reply) => {
          const token = tokenOf(request);
          const state = await unsubscribe(app.store.db, token);
          return send(request, reply, state, token);
        },
      );
    });
  },
  { name: "notice-mail-unsubscribe", dependencies: ["store"] },
);

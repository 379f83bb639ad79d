import type { FastifyInstance, FastifyRequest } from "fastify";
import { languageCookie } from "../../common/language-choice.js";

/** Where the switch sends a visitor it cannot send back to the page they were on. */
const HOME = "/ask";

/**
 * `GET /language?to=en-US`: the public header's language switch without JavaScript (its
 * form; with JavaScript the page saves the choice itself and reloads). It keeps the
 * choice in the same cookie the page would write (common/language-choice.ts), which the
 * server reads for every public page, and sends the visitor back to the page they came
 * from: the Referer, which the site's `same-origin` referrer policy sends to itself, when
 * it is a page of this site; else the Q&A home. A language the site does not speak
 * changes nothing.
 */
export function registerLanguageSwitch(app: FastifyInstance): void {
  app.get(
    "/language",
    { config: { permission: "public" }, schema: { hide: true } },
    (request, reply) => {
      const { to } = request.query as { to?: unknown };
      if (to === "zh-CN" || to === "en-US")
        reply.header("Set-Cookie", languageCookie(to));
      return reply
        .header("Cache-Control", "no-store")
        .redirect(backTo(request), 303);
    },
  );
}

/** The page of this site the request came from (path and query), or HOME. */
function backTo(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (!referer) return HOME;
  let from: URL;
  try {
    from = new URL(referer);
  } catch {
    return HOME;
  }
  if (
    from.host !== request.headers.host ||
    !["http:", "https:"].includes(from.protocol) ||
    // `//elsewhere.example` would be another site to the browser.
    from.pathname.startsWith("//") ||
    from.pathname === "/language"
  )
    return HOME;
  return `${from.pathname}${from.search}`;
}

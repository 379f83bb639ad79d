import type { FastifyInstance, FastifyRequest } from "fastify";
import { ASK_VALIDATION_ERRORS } from "../../../common/ask-messages.js";
import { validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  parseListQuery,
  type ListQuery,
  type ListQuerySpec,
} from "../../resources/list-query.js";
import type { Language } from "../../../common/codes.js";
import { assertNotMuted } from "../../services/ask-mute.js";
import { assertMayPostAnonymously } from "../../services/ask-rules.js";
import { requireVerifiedEmail } from "../../services/email-verification.js";

export const ASK_TAGS = ["ask"];

/** The caller of a members' route (they always have a session there). */
export function memberId(request: FastifyRequest): number {
  return request.session!.user.userId;
}

/** The caller of a members' write, refused while they are muted. */
export async function unmutedMember(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<number> {
  const userId = memberId(request);
  await assertNotMuted(app.store, userId);
  return userId;
}

/**
 * The author of a new question or answer: not muted, with a verified address where the
 * site asks for one, and allowed to post anonymously when the post asks for it.
 */
export async function newPostAuthor(
  app: FastifyInstance,
  request: FastifyRequest & { body: { anonymous?: boolean | undefined } },
): Promise<{ userId: number; anonymous: boolean }> {
  const userId = await unmutedMember(app, request);
  await requireVerifiedEmail(app, request);
  const anonymous = request.body.anonymous === true;
  if (anonymous) await assertMayPostAnonymously(app, request, userId);
  return { userId, anonymous };
}

/**
 * A public write's rate limit, counted per member (a congregation often shares one
 * address) once the session is known, so it runs after authentication.
 */
export function memberRateLimit(max: number) {
  return {
    max,
    timeWindow: "1 minute",
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) =>
      request.session ? `member:${request.session.user.userId}` : request.ip,
  };
}

/** A moderator's change that names none of `fields` is refused (40000 on status). */
export function assertSomeChange(
  body: Record<string, unknown>,
  fields: readonly string[],
  request: FastifyRequest,
): void {
  if (fields.every((field) => body[field] === undefined)) {
    throw validationError({
      status: localizeText(ASK_VALIDATION_ERRORS.noChange, request.language),
    });
  }
}

/**
 * A moderators' list query (`filter`, `sort`, `range` as react-admin sends them), read
 * in the caller's language: 25 rows unless a range says otherwise.
 */
export function parseAdminList<F>(
  query: ListQuery,
  language: Language,
  spec: Omit<ListQuerySpec<F>, "range">,
) {
  return parseListQuery(query, language, { ...spec, range: "[0,24]" });
}

import type { FastifyRequest } from "fastify";
import {
  CODE_MESSAGES,
  DEFAULT_LANGUAGE,
  matchAcceptLanguage,
  type Code,
  type Language,
} from "../../common/codes.js";

/**
 * The language of a request's answers: the one its Accept-Language asks for, else the
 * ministry's default (as the apps start in it), else zh-CN (before the store is open).
 */
export function requestLanguage(request: FastifyRequest): Language {
  return (
    matchAcceptLanguage(request.headers["accept-language"]) ??
    (
      request.server as Partial<Pick<typeof request.server, "ministryLanguage">>
    ).ministryLanguage?.get() ??
    DEFAULT_LANGUAGE
  );
}

export function codeMessage(language: Language, code: Code): string {
  return CODE_MESSAGES[language][code];
}

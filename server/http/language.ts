import type { FastifyRequest } from "fastify";
import {
  CODE_MESSAGES,
  pickLanguage,
  type Code,
  type Language,
} from "../../common/codes.js";

export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.headers["accept-language"]);
}

export function codeMessage(language: Language, code: Code): string {
  return CODE_MESSAGES[language][code];
}

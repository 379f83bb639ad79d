/**
 * Believers' contact fields as a caller without `disciple:contact` reads them. The masking
 * happens on the server, so the full value never reaches such a caller's browser, nor its
 * exports (docs/believers.md).
 */
import type { FastifyRequest } from "fastify";
import { Code } from "../../../common/codes.js";
import { DISCIPLE_ERRORS } from "../../../common/disciple-messages.js";
import {
  DISCIPLE_CONTACT_FIELDS,
  type Disciple,
} from "../../../common/schemas/disciple.js";
import { ApiError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";

export const CONTACT_PERMISSION = "disciple:contact";

export function canSeeContact(request: FastifyRequest): boolean {
  return request.session?.permissions.includes(CONTACT_PERMISSION) ?? false;
}

/** 13812345678 → 138****5678; a short number keeps its last two digits only. */
export function maskPhone(phone: string): string {
  const chars = [...phone];
  if (chars.length >= 8)
    return `${chars.slice(0, 3).join("")}****${chars.slice(-4).join("")}`;
  return `****${chars.slice(-2).join("")}`;
}

/** zhang.san@example.org → z***@example.org */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${[...email][0]}***${email.slice(at)}`;
}

/** The first six characters (the city, usually), then ****. */
export function maskAddress(address: string): string {
  const chars = [...address];
  return `${chars.slice(0, Math.min(6, Math.floor(chars.length / 2))).join("")}****`;
}

/** 1985-03-14 → 1985-**-** (the age stays readable, the day does not). */
export function maskBirthDate(date: string): string {
  return `${date.slice(0, 4)}-**-**`;
}

export function maskDisciple(record: Disciple): Disciple {
  return {
    ...record,
    phone: record.phone === null ? null : maskPhone(record.phone),
    email: record.email === null ? null : maskEmail(record.email),
    address: record.address === null ? null : maskAddress(record.address),
    birthDate:
      record.birthDate === null ? null : maskBirthDate(record.birthDate),
    contactMasked: true,
  };
}

/** A filter key on a contact field: the field itself, or its `From` / `To` range end. */
function isContactKey(key: string): boolean {
  return DISCIPLE_CONTACT_FIELDS.some(
    (field) => key === field || key === `${field}From` || key === `${field}To`,
  );
}

/**
 * A list's or export's filter and order as a caller without `disciple:contact` may run
 * them (issue 25 item 3): a masked value must not be recoverable by asking which rows
 * match. A filter or sort on a contact field is 40300, and the keyword `q` matches the
 * name only (`nameKeyword`): in the word index, phone and e-mail terms sit beside the
 * name's, so nineteen substring searches gave back a phone's hidden digits.
 */
export function guardContactQuery(
  filter: Record<string, unknown>,
  sort: { field: string },
  request: FastifyRequest,
): Record<string, unknown> {
  if (canSeeContact(request)) return filter;
  const message = localizeText(DISCIPLE_ERRORS.contactQuery, request.language);
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter))
    if (
      isContactKey(key) &&
      value !== undefined &&
      value !== null &&
      value !== ""
    )
      errors[`filter.${key}`] = message;
  if (isContactKey(sort.field)) errors.sort = message;
  if (Object.keys(errors).length > 0)
    throw new ApiError(Code.FORBIDDEN, { data: { errors } });
  const { q, ...rest } = filter;
  return typeof q === "string" && q.trim() !== ""
    ? { ...rest, nameKeyword: q }
    : rest;
}

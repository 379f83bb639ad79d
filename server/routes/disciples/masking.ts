/**
 * Believers' contact fields as a caller without `disciple:contact` reads them. The masking
 * happens on the server, so the full value never reaches such a caller's browser, nor its
 * exports (docs/believers.md).
 */
import type { FastifyRequest } from "fastify";
import type { Disciple } from "../../../common/schemas/disciple.js";

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

import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "../codes.js";
import { regionCodeSchema } from "../regions.js";
import { nameText, optionalNameText } from "./text.js";
import { MAX_INT32 } from "./fields.js";
export { MINISTRY_LABELS } from "./ministry-labels.js";

/** The weekdays a service can fall on, Monday first (ISO order). */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;

export const SOCIAL_PLATFORMS = [
  "wechat",
  "weibo",
  "youtube",
  "bilibili",
  "facebook",
  "instagram",
  "x",
  "other",
] as const;

const text = (max: number) => z.string().trim().max(max);
const httpsUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i);
const emptyToNull = <T extends z.ZodType>(schema: T) =>
  schema.nullable().or(z.literal("").transform(() => null));

/** The ministry's settings (issue 12 item 2), one record, edited in sections. */
export const ministryConfigInputSchema = z.object({
  identity: z.object({
    name: nameText(100),
    nameEn: optionalNameText(100).default(""),
    logoFileId: z
      .number()
      .int()
      .positive()
      .max(MAX_INT32)
      .nullable()
      .default(null),
    shortDescription: text(500).default(""),
  }),
  contact: z.object({
    address: text(255).default(""),
    regionCode: emptyToNull(regionCodeSchema).default(null),
    phone: text(32)
      .regex(/^(\+?[0-9][0-9 ()-]{3,30}[0-9])?$/)
      .default(""),
    email: emptyToNull(z.email().max(254)).default(null),
    website: emptyToNull(httpsUrl).default(null),
    socialLinks: z
      .array(
        z.object({
          platform: z.enum(SOCIAL_PLATFORMS),
          label: text(64).default(""),
          url: httpsUrl,
        }),
      )
      .max(20)
      .default([]),
  }),
  services: z
    .array(
      z.object({
        day: z.enum(WEEKDAYS),
        /** HH:MM, 24-hour, the ministry's local time. */
        time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
        name: nameText(64),
        place: text(100).default(""),
      }),
    )
    .max(50)
    .default([]),
  /** Rich text; sanitised on the server. */
  aboutHtml: z.string().max(200_000).default(""),
  defaultLanguage: z.enum(SUPPORTED_LANGUAGES).default("zh-CN"),
});
export type MinistryConfigInput = z.input<typeof ministryConfigInputSchema>;
export type MinistryConfigValues = z.output<typeof ministryConfigInputSchema>;

export const ministryConfigSchema = ministryConfigInputSchema.extend({
  updatedAt: z.string(),
  updatedBy: z.number().int().nullable(),
  version: z.number().int(),
});
export type MinistryConfig = z.infer<typeof ministryConfigSchema>;

/** What visitors read at GET /tjc/public/ministry. */
export const publicMinistrySchema = z.object({
  identity: z.object({
    name: z.string(),
    nameEn: z.string(),
    logoUrl: z.string().nullable(),
    shortDescription: z.string(),
  }),
  contact: ministryConfigInputSchema.shape.contact,
  services: ministryConfigInputSchema.shape.services,
  aboutHtml: z.string(),
  defaultLanguage: z.enum(SUPPORTED_LANGUAGES),
  updatedAt: z.string(),
});
export type PublicMinistry = z.infer<typeof publicMinistrySchema>;

import { z } from "zod";
import { nullableText } from "./text.js";
import { SYSTEM_ERRORS } from "../system-messages.js";

export const CONFIG_TYPES = ["string", "number", "boolean", "json"] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

/** Whether a stored text is a value of the type; the message key when it is not. */
export function configValueProblem(
  type: string,
  value: string,
): string | undefined {
  switch (type) {
    case "number":
      return value.trim() !== "" && Number.isFinite(Number(value))
        ? undefined
        : SYSTEM_ERRORS.configValueType;
    case "boolean":
      return value === "true" || value === "false"
        ? undefined
        : SYSTEM_ERRORS.configValueType;
    case "json":
      try {
        JSON.parse(value);
        return undefined;
      } catch {
        return SYSTEM_ERRORS.configValueType;
      }
    default:
      return undefined;
  }
}

/** What an administrator edits. The value is text, checked against the type. */
export const configInputSchema = z.object({
  key: z
    .string()
    .trim()
    .max(128)
    .regex(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/, {
      message: SYSTEM_ERRORS.configKeyFormat,
    }),
  value: z.string().max(10_000),
  type: z.enum(CONFIG_TYPES),
  description: nullableText(255),
});
export type ConfigInput = z.input<typeof configInputSchema>;

export const configSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  value: z.string(),
  type: z.enum(CONFIG_TYPES),
  description: z.string().nullable(),
  builtIn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Config = z.infer<typeof configSchema>;

export const CONFIG_SORT_FIELDS = [
  "id",
  "key",
  "type",
  "createdAt",
  "updatedAt",
] as const;

/** The site's names, for the admin's title bar and the public site's header. */
export const siteSchema = z.object({ name: z.string(), nameEn: z.string() });
export type Site = z.infer<typeof siteSchema>;

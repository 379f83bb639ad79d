import { z } from "zod";
import { clearable } from "./fields.js";
import { emptyAsNull, nameText, optionalNameText } from "./text.js";

/** A Q&A / content tag. Shared by the server (the final word) and the admin forms. */
export const tagInputSchema = z.object({
  /** Chinese name, shown by default; unique. */
  name: nameText(64),
  /** English name, shown in the en-US interface; optional. */
  nameEn: emptyAsNull(optionalNameText(64)),
  /** Display order, smaller first; 0 when left out or emptied. */
  sortOrder: clearable(z.number().int().min(0).max(1_000_000), 0),
});
export type TagInput = z.input<typeof tagInputSchema>;

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const TAG_SORT_FIELDS = [
  "id",
  "name",
  "nameEn",
  "sortOrder",
  "createdAt",
  "updatedAt",
] as const;

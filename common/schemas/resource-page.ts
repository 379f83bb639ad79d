import { z } from "zod";
import { emptyAsNull } from "./text.js";
import { SYSTEM_ERRORS } from "../system-messages.js";
import { MAX_INT32 } from "./fields.js";

/** The icons a menu entry may use (Material icon names; the admin maps each to its component). */
export const MENU_ICONS = [
  "Folder",
  "Settings",
  "People",
  "Badge",
  "Security",
  "Schedule",
  "History",
  "Web",
  "Insights",
  "TravelExplore",
  "DevicesOther",
  "Login",
  "ManageSearch",
  "Outbox",
  "RecordVoiceOver",
  "Mic",
  "Article",
  "EditNote",
  "Audiotrack",
  "VideoLibrary",
  "Description",
  "Groups",
  "LocalOffer",
  "Tune",
  "LiveTv",
  "Campaign",
  "CellTower",
  "OndemandVideo",
  "Forum",
  "Topic",
  "SettingsSuggest",
  "Sell",
  "Report",
  "VolumeOff",
  "QuestionAnswer",
  "HelpCenter",
  "Star",
  "Label",
  "Person",
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];

/** What an administrator edits. A group has no path; a page has one under /admin. */
export const resourcePageInputSchema = z.object({
  path: emptyAsNull(
    z
      .string()
      .trim()
      .max(128)
      .regex(/^[A-Za-z][A-Za-z0-9_/-]*$/),
  ),
  titleZh: z.string().trim().min(1).max(64),
  titleEn: z.string().trim().min(1).max(64),
  icon: z.enum(MENU_ICONS, { message: SYSTEM_ERRORS.unknownIcon }),
  parentId: z
    .number()
    .int()
    .positive()
    .max(MAX_INT32)
    .nullish()
    .transform((value) => value ?? null),
  sortOrder: z.number().int().min(0).max(1_000_000).optional(),
  visible: z.boolean().optional(),
  /** The code that shows the entry; none: every logged-in user. */
  permission: emptyAsNull(z.string().max(64)),
});
export type ResourcePageInput = z.input<typeof resourcePageInputSchema>;

export const resourcePageSchema = z.object({
  id: z.number().int(),
  path: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
  icon: z.string(),
  parentId: z.number().int().nullable(),
  sortOrder: z.number().int(),
  visible: z.boolean(),
  permission: z.string().nullable(),
  builtIn: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ResourcePage = z.infer<typeof resourcePageSchema>;

export const RESOURCE_PAGE_SORT_FIELDS = [
  "id",
  "path",
  "titleZh",
  "titleEn",
  "parentId",
  "sortOrder",
  "createdAt",
  "updatedAt",
] as const;

/** One entry of a user's menu: a group with its pages, or a page. */
export interface MenuEntry {
  id: number;
  path: string | null;
  titleZh: string;
  titleEn: string;
  icon: string;
  children: MenuEntry[];
}
export const menuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.number(),
    path: z.string().nullable(),
    titleZh: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    children: z.array(menuEntrySchema),
  }),
);

import type { ComponentType, ReactElement } from "react";
import type { RecordToStringFunction } from "react-admin";
import type { ZodObject } from "zod";
import {
  adminPage,
  type AdminPagePath,
  type AdminPageRow,
} from "../../common/admin-pages";
import type { Language } from "../../common/codes";
import { registerMessages, type LanguageMessages } from "../i18n/catalog";
import { menuIcon } from "../layout/menuIcons";

/** A page of a resource's own that is not one of react-admin's screens (a full-page editor). */
export interface ResourcePage {
  /** Its path under /admin. */
  path: string;
  element: ReactElement;
  /** The code that opens it; the page table's code for its path when left out. */
  permission?: string;
}

/** A text in each of the admin's languages. */
export type Bilingual = Record<Language, string>;

/**
 * Everything the admin knows about one resource, in one object
 * (`src/resources/<name>/index.tsx`, listed once in `src/resources/index.ts`). App.tsx's
 * routes, the data provider's paths and writable fields, the permission checks, the menu
 * and the home tiles are all read from these (docs/adding-a-resource.md).
 */
export interface ResourceManifest {
  /** react-admin's resource name: `admin/<path>`, the URL of its list. */
  name: string;
  /** Path under the main service, e.g. "tags" for /tjc/tags (none for a page that reads its own). */
  apiPath?: string;
  /** The permission module: actions map to `<module>:read|create|update|delete|export`. */
  permissionModule: string;
  /**
   * The zod schema create and update validate against, loaded with the first write (zod
   * stays out of the first chunk): its keys are the fields a write sends; the rest of a
   * record (id, timestamps) stays home.
   */
  inputSchema?: () => Promise<ZodObject>;
  /** Keys of the schema the forms never send (moved by buttons of their own). */
  unsentFields?: readonly string[];
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
  icon?: ComponentType;
  recordRepresentation?: string | RecordToStringFunction;
  /** Its row in the page table (common/admin-pages.ts): group, path, order, code, icon. */
  menu?: AdminPageRow;
  /** Pages of its own beside the react-admin screens. */
  pages?: readonly ResourcePage[];
  /**
   * What one record is called (react-admin's `resources.<name>.name`: the delete dialog's
   * "Delete role #7", a bulk action's "3 roles"): Chinese in the one form Chinese has,
   * English as polyglot's "singular |||| plural" ("Role |||| Roles"). Every resource
   * App.tsx registers has one (resourceManifest refuses one without).
   */
  recordName?: Bilingual;
  /** The list's title (`resources.<name>.page.list`) when it is not the menu entry's. */
  listTitle?: Bilingual;
  /**
   * The messages the manifest brings (the record's name and the list's title), registered
   * with the i18n provider when the manifest is made: they load with the shell.
   */
  messages?: LanguageMessages;
}

export type ManifestInput = Omit<
  ResourceManifest,
  "name" | "menu" | "icon" | "messages"
> & {
  /** Its menu entry's path in the page table; the resource is then `admin/<page>`. */
  page?: AdminPagePath;
  /** The name, for a resource without a menu entry of its own. */
  name?: string;
};

/**
 * A manifest: the name, menu entry and icon come from the page table's row; the record's
 * name and the list's title (the menu entry's title unless `listTitle` says otherwise)
 * are registered as the resource's messages.
 */
export function resourceManifest(input: ManifestInput): ResourceManifest {
  const { page, ...rest } = input;
  const menu = page ? adminPage(page) : undefined;
  const name = input.name ?? (page ? `admin/${page}` : undefined);
  if (!name) throw new Error(`resource for /tjc/${input.apiPath} needs a name`);
  const manifest: ResourceManifest = {
    ...rest,
    name,
    ...(menu ? { menu, icon: menuIcon(menu.icon) } : {}),
  };
  if (!input.recordName) {
    if (isRegistered(manifest))
      throw new Error(`resource ${name} needs a recordName`);
    return manifest;
  }
  manifest.messages = manifestMessages(
    name,
    input.recordName,
    input.listTitle ??
      (menu && { "zh-CN": menu.titleZh, "en-US": menu.titleEn }),
  );
  registerMessages(manifest.messages);
  return manifest;
}

/** `resources.<name>.name` and `.page.list`, in both languages. */
function manifestMessages(
  name: string,
  recordName: Bilingual,
  listTitle: Bilingual | undefined,
): LanguageMessages {
  const entry = (language: Language) => ({
    resources: {
      [name]: {
        name: recordName[language],
        ...(listTitle ? { page: { list: listTitle[language] } } : {}),
      },
    },
  });
  return { "zh-CN": entry("zh-CN"), "en-US": entry("en-US") };
}

/** The fields create and update send: the input schema's keys, less the unsent ones. */
export async function writableFields(
  manifest: ResourceManifest,
): Promise<string[]> {
  if (!manifest.inputSchema) return [];
  const schema = await manifest.inputSchema();
  const unsent = new Set(manifest.unsentFields ?? []);
  return Object.keys(schema.shape).filter((key) => !unsent.has(key));
}

const SCREENS = ["list", "create", "edit", "show"] as const;

/**
 * Whether App.tsx registers the manifest as a react-admin <Resource>: one with screens, or
 * one read through the data provider only; not one made only of pages of its own.
 */
export function isRegistered(manifest: ResourceManifest): boolean {
  return SCREENS.some((screen) => manifest[screen]) || !manifest.pages;
}

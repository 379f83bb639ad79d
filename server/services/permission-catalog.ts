/**
 * Every permission code (`module:action`) the product knows, and what the seeded roles
 * hold. Seeded at every start, so a new module's codes appear on upgrade.
 */
import { permissionModuleGroups } from "../../common/admin-pages.js";

const CRUD = ["read", "create", "update", "delete", "export"] as const;

/**
 * The modules per group of the permission tree: the modules of the admin pages' codes in
 * menu order (common/admin-pages.ts), and `file`, which no page of its own opens.
 */
export const MODULE_GROUPS = permissionModuleGroups();

/**
 * Each module's actions: only those a route, an admin page or a check in a handler needs
 * (`server/test/permission-catalog.test.ts` fails on a code that guards nothing; the codes
 * removed for that are listed in docs/decisions.md).
 */
const MODULE_ACTIONS: Record<string, readonly string[]> = {
  // Lifting a login name's lock after failed logins (docs/decisions.md).
  // `resetTwoFactor`: removing a user's second factor (docs/decisions.md "Two-factor login").
  user: [...CRUD, "unlock", "resetTwoFactor"],
  role: CRUD,
  // The tree is the catalogue itself: it can only be read.
  permission: ["read"],
  config: CRUD,
  job: [...CRUD, "run"],
  // Logs are written by the server; they can be cleared (delete) and exported.
  jobLog: ["read", "delete", "export"],
  resourcePage: CRUD,
  behaviorStat: ["read", "export"],
  auditLog: ["read", "export"],
  // Ending a session is `revoke` (DELETE /tjc/system/sessions/:id).
  session: ["read", "revoke"],
  loginLog: ["read", "export"],
  // Sending an outbox message again (docs/operations.md, "E-mail").
  outbox: ["read", "export", "resend"],
  sermon: CRUD,
  article: CRUD,
  audio: CRUD,
  video: CRUD,
  doc: CRUD,
  // Reading believers' phone, email, address and birth date unmasked (docs/believers.md).
  disciple: [...CRUD, "contact"],
  tag: CRUD,
  // Run a crawler source now, or fetch one page to test its selectors.
  spider: [...CRUD, "run"],
  // Single-record settings: read and save.
  ministryConfig: ["read", "update"],
  // A file is created by uploading it, and never edited.
  file: ["read", "delete", "export", "upload"],
  liveConfig: ["read", "update"],
  liveNotice: CRUD,
  channel: CRUD,
  liveVideo: CRUD,
  // Moderators move posts between states (delete included) with `update`; members write
  // posts with the community codes; the screens' CSV export writes the rows on screen.
  // `reveal`: learning who wrote an anonymous question or answer, audited
  // (docs/community.md).
  askTopic: ["read", "update", "reveal"],
  askAnswer: ["read", "update", "reveal"],
  askConfig: ["read", "update"],
  askTag: CRUD,
  askComplaint: ["read", "update"],
  // A mute is added or lifted (delete), never edited.
  askMute: ["read", "create", "delete"],
};

/** What a community member may do on the public site; no back-office access. */
export const COMMUNITY_CODES = [
  "community:ask",
  "community:answer",
  "community:report",
  "community:vote",
];

export function allPermissionCodes(): string[] {
  const codes: string[] = [];
  for (const modules of Object.values(MODULE_GROUPS)) {
    for (const module of modules) {
      // A new page's module not listed here has a resource's five actions.
      for (const action of MODULE_ACTIONS[module] ?? CRUD) {
        codes.push(`${module}:${action}`);
      }
    }
  }
  return [...codes, ...COMMUNITY_CODES];
}

/** The codes arranged as the permission tree shows them: group → module → codes. */
export function catalogTree(): {
  group: string;
  modules: { module: string; codes: string[] }[];
}[] {
  const codes = allPermissionCodes();
  const groups: Record<string, readonly string[]> = {
    ...MODULE_GROUPS,
    community: ["community"],
  };
  return Object.entries(groups).map(([group, modules]) => ({
    group,
    modules: modules.map((module) => ({
      module,
      codes: codes.filter((code) => code.split(":")[0] === module),
    })),
  }));
}

function codesOfGroups(...groups: (keyof typeof MODULE_GROUPS)[]): string[] {
  const modules = new Set<string>(
    groups.flatMap((group) => MODULE_GROUPS[group]),
  );
  return allPermissionCodes().filter((code) =>
    modules.has(code.split(":")[0]!),
  );
}

export interface SeedRole {
  code: string;
  name: string;
  nameEn: string;
  permissions: () => string[];
}

export const SEED_ROLES: SeedRole[] = [
  {
    code: "admin",
    name: "管理员",
    nameEn: "Administrator",
    permissions: allPermissionCodes,
  },
  {
    code: "editor",
    name: "编辑",
    nameEn: "Editor",
    // Not disciple:contact: an editor reads believers' contact fields masked.
    permissions: () =>
      codesOfGroups("content", "live").filter(
        (code) => code !== "disciple:contact",
      ),
  },
  {
    code: "moderator",
    name: "版主",
    nameEn: "Moderator",
    permissions: () => codesOfGroups("moderation"),
  },
  {
    code: "member",
    name: "社区成员",
    nameEn: "Community member",
    permissions: () => COMMUNITY_CODES,
  },
];

/**
 * Every permission code (`module:action`) the product knows, and what the seeded roles
 * hold. Seeded at every start, so a new module's codes appear on upgrade.
 */
export const CRUD_ACTIONS = [
  "read",
  "create",
  "update",
  "delete",
  "export",
] as const;

export const MODULE_GROUPS = {
  system: [
    "user",
    "role",
    "permission",
    "menu",
    "config",
    "job",
    "jobLog",
    "resourcePage",
    "behaviorStat",
    "auditLog",
    "session",
    "loginLog",
    "outbox",
  ],
  content: [
    "sermon",
    "article",
    "audio",
    "video",
    "doc",
    "disciple",
    "tag",
    "spider",
    "ministryConfig",
    "file",
  ],
  live: ["liveConfig", "liveNotice", "channel", "liveVideo"],
  moderation: [
    "askTopic",
    "askAnswer",
    "askConfig",
    "askTag",
    "askComplaint",
    "askMute",
  ],
} as const;

/** Actions that are not plain CRUD. */
const EXTRA_ACTIONS: Record<string, string[]> = {
  file: ["upload"],
  job: ["run"],
  // Run a crawler source now, or fetch one page to test its selectors.
  spider: ["run"],
  session: ["revoke"],
  // Lifting a login name's lock after failed logins (docs/decisions.md).
  user: ["unlock"],
  // Reading believers' phone, email, address and birth date unmasked (docs/believers.md).
  disciple: ["contact"],
  // Sending an outbox message again (docs/operations.md, "E-mail").
  outbox: ["resend"],
  // Learning who wrote an anonymous question or answer, audited (docs/community.md).
  askTopic: ["reveal"],
  askAnswer: ["reveal"],
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
      for (const action of [
        ...CRUD_ACTIONS,
        ...(EXTRA_ACTIONS[module] ?? []),
      ]) {
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

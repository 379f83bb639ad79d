/**
 * How each react-admin resource maps onto the /tjc API: its path, the fields a write may
 * send, and the permission each action needs (`module:action`, DESIGN.md section 5).
 */
export interface ApiResource {
  /** Path under the main service, e.g. "tags" for /tjc/tags. */
  apiPath: string;
  /** Fields create and update send; the rest of a record (id, timestamps) stays home. */
  writableFields: readonly string[];
  /** The permission module: actions map to `<module>:read|create|update|delete|export`. */
  permissionModule: string;
}

export const API_RESOURCES: Record<string, ApiResource> = {
  "admin/tagManage": {
    apiPath: "tags",
    writableFields: ["name", "nameEn", "sortOrder"],
    permissionModule: "tag",
  },
  "admin/system/userManage": {
    apiPath: "system/users",
    writableFields: [
      "loginName",
      "userName",
      "email",
      "phone",
      "status",
      "language",
      "roleIds",
      "password",
    ],
    permissionModule: "user",
  },
  "admin/system/roleManage": {
    apiPath: "system/roles",
    writableFields: ["code", "name", "nameEn", "remark", "permissions"],
    permissionModule: "role",
  },
  "admin/system/auditLog": {
    apiPath: "system/audit-logs",
    writableFields: [],
    permissionModule: "auditLog",
  },
  "admin/system/loginLog": {
    apiPath: "system/login-logs",
    writableFields: [],
    permissionModule: "loginLog",
  },
  "admin/system/onlineSessions": {
    apiPath: "system/sessions",
    writableFields: [],
    permissionModule: "session",
  },
  "admin/system/jobManage": {
    apiPath: "system/jobs",
    writableFields: [
      "name",
      "group",
      "handler",
      "params",
      "cron",
      "timezone",
      "misfirePolicy",
      "concurrent",
      "status",
      "timeoutSec",
      "remark",
    ],
    permissionModule: "job",
  },
  "admin/system/userBehaviorStat": {
    apiPath: "system/behavior-stats",
    writableFields: [],
    permissionModule: "behaviorStat",
  },
  "admin/system/joblogManage": {
    apiPath: "system/job-logs",
    writableFields: [],
    permissionModule: "jobLog",
  },
  "admin/audioManage": {
    apiPath: "audios",
    writableFields: [
      "title",
      "description",
      "audioFileId",
      "coverFileId",
      "speaker",
      "series",
      "status",
      "publishAt",
      "tagIds",
    ],
    permissionModule: "audio",
  },
  "admin/videoManage": {
    apiPath: "videos",
    writableFields: [
      "title",
      "description",
      "videoFileId",
      "videoUrl",
      "coverFileId",
      "status",
      "publishAt",
      "tagIds",
    ],
    permissionModule: "video",
  },
  "admin/docManage": {
    apiPath: "gospel-docs",
    writableFields: [
      "title",
      "description",
      "fileId",
      "coverFileId",
      "language",
      "status",
      "publishAt",
      "tagIds",
    ],
    permissionModule: "doc",
  },
  "admin/system/configManage": {
    apiPath: "system/configs",
    writableFields: ["key", "value", "type", "description"],
    permissionModule: "config",
  },
  "admin/system/resourcePageManage": {
    apiPath: "system/resource-pages",
    writableFields: [
      "path",
      "titleZh",
      "titleEn",
      "icon",
      "parentId",
      "sortOrder",
      "visible",
      "permission",
    ],
    permissionModule: "resourcePage",
  },
  "admin/system/permission/resource": {
    apiPath: "system/permissions",
    writableFields: [],
    permissionModule: "permission",
  },
};

const ACTION_TO_PERMISSION: Record<string, string> = {
  list: "read",
  show: "read",
  read: "read",
  create: "create",
  clone: "create",
  edit: "update",
  update: "update",
  delete: "delete",
  export: "export",
  // Running a job now (job:run).
  run: "run",
};

export function apiResourceFor(resource: string): ApiResource {
  const entry = API_RESOURCES[resource];
  if (!entry)
    throw new Error(`unknown resource "${resource}": add it to API_RESOURCES`);
  return entry;
}

/** The permission code an action on a resource needs, or null when none is declared. */
export function permissionFor(
  resource: string | undefined,
  action: string,
): string | null {
  if (!resource) return null;
  const entry = API_RESOURCES[resource];
  if (!entry) return null;
  const verb = ACTION_TO_PERMISSION[action];
  return verb ? `${entry.permissionModule}:${verb}` : null;
}

export function hasPermission(permissions: unknown, code: string): boolean {
  return Array.isArray(permissions) && permissions.includes(code);
}

/**
 * How each react-admin resource maps onto the /tjc API: its path, the fields a write may
 * send, and the permission each action needs (`module:action`, DESIGN.md section 5).
 */
import { DISCIPLE_IMPORT_FIELDS } from "../../common/schemas/disciple-fields";
export interface ApiResource {
  /** Path under the main service, e.g. "tags" for /tjc/tags. */
  apiPath: string;
  /** Fields create and update send; the rest of a record (id, timestamps) stays home. */
  writableFields: readonly string[];
  /** The permission module: actions map to `<module>:read|create|update|delete|export`. */
  permissionModule: string;
}

const SERMON_WRITABLE_FIELDS = [
  "title",
  "preacher",
  "series",
  "serviceType",
  "preachedOn",
  "passage",
  "summary",
  "body",
  "audioFileId",
  "videoFileId",
  "videoUrl",
  "attachmentIds",
  "coverFileId",
  "regionCode",
  "status",
  "publishAt",
  "tagIds",
];

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
  "admin/system/mailOutbox": {
    apiPath: "system/outbox",
    writableFields: [],
    permissionModule: "outbox",
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
  "admin/spiderManage": {
    apiPath: "spiders",
    writableFields: [
      "name",
      "startUrls",
      "linkPattern",
      "maxPages",
      "delayMs",
      "userAgent",
      "enabled",
      "selectors",
      "target",
      "defaultTagIds",
      "cron",
      "remark",
    ],
    permissionModule: "spider",
  },
  "admin/spiderRuns": {
    apiPath: "spider-runs",
    writableFields: [],
    permissionModule: "spider",
  },
  "admin/sermonManage": {
    apiPath: "sermons",
    writableFields: SERMON_WRITABLE_FIELDS,
    permissionModule: "sermon",
  },
  // The same records, the list limited to the current user's (createdBy).
  "admin/mySermonManage": {
    apiPath: "sermons",
    writableFields: SERMON_WRITABLE_FIELDS,
    permissionModule: "sermon",
  },
  "admin/articleManage": {
    apiPath: "articles",
    writableFields: [
      "title",
      "author",
      "category",
      "coverFileId",
      "summary",
      "body",
      "sourceUrl",
      "status",
      "publishAt",
      "tagIds",
    ],
    permissionModule: "article",
  },
  "admin/channelManage": {
    apiPath: "channels",
    writableFields: [
      "name",
      "description",
      "coverFileId",
      "playbackUrl",
      "ingestUrl",
      "status",
    ],
    permissionModule: "channel",
  },
  "admin/liveVideoManage": {
    apiPath: "live-videos",
    // The status moves through its own buttons (LiveVideoActions), not the form.
    writableFields: [
      "title",
      "channelId",
      "preacher",
      "scheduledStart",
      "scheduledEnd",
      "replayFileId",
      "replayUrl",
    ],
    permissionModule: "liveVideo",
  },
  "admin/configLiveNotice": {
    apiPath: "live-notices",
    writableFields: [
      "textZh",
      "textEn",
      "startsAt",
      "endsAt",
      "channelId",
      "enabled",
    ],
    permissionModule: "liveNotice",
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
  "admin/discipleManage": {
    apiPath: "disciples",
    // Every field a CSV column can fill, and the tags.
    writableFields: [...DISCIPLE_IMPORT_FIELDS, "tagIds"],
    permissionModule: "disciple",
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

import type { Generated } from "kysely";

/**
 * The database as Kysely sees it. Columns are camelCase here and snake_case in the
 * database (CamelCasePlugin). Timestamps are ISO-8601 UTC strings in both stores, so
 * they compare and sort the same way everywhere.
 */
export interface Database {
  users: UsersTable;
  roles: RolesTable;
  userRoles: UserRolesTable;
  permissions: PermissionsTable;
  rolePermissions: RolePermissionsTable;
  sessions: SessionsTable;
  loginFailures: LoginFailuresTable;
  tags: TagsTable;
  files: FilesTable;
  fileUsages: FileUsagesTable;
  contentTags: ContentTagsTable;
  sermons: SermonsTable;
  auditLogs: AuditLogsTable;
  loginLogs: LoginLogsTable;
  resourcePages: ResourcePagesTable;
  configs: ConfigsTable;
  askTags: AskTagsTable;
  askQuestions: AskQuestionsTable;
  askQuestionTags: AskQuestionTagsTable;
  askAnswers: AskAnswersTable;
  askVotes: AskVotesTable;
  askReports: AskReportsTable;
  askNotifications: AskNotificationsTable;
  askMutes: AskMutesTable;
  memberProfiles: MemberProfilesTable;
  jobs: JobsTable;
  jobLogs: JobLogsTable;
  behaviorEvents: BehaviorEventsTable;
  behaviorDaily: BehaviorDailyTable;
  audios: AudiosTable;
  videos: VideosTable;
  gospel_docs: GospelDocsTable;
}

export interface UsersTable {
  id: Generated<number>;
  loginName: string;
  userName: string;
  passwordHash: string;
  status: string; // "active" | "disabled"
  email: string | null;
  phone: string | null;
  language: string | null;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  nameEn: string;
  builtIn: number; // 1 for the seeded roles
  remark: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface UserRolesTable {
  userId: number;
  roleId: number;
}

export interface PermissionsTable {
  id: Generated<number>;
  code: string; // module:action
  module: string;
  action: string;
}

export interface RolePermissionsTable {
  roleId: number;
  permissionId: number;
}

export interface SessionsTable {
  id: Generated<number>;
  tokenHash: string;
  previousTokenHash: string | null;
  previousValidUntil: string | null;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  renewedAt: string;
  expiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  key: string; // "ip:<address>" or "login:<name>"
  failedAt: string;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  /** The pinyin sort key of `name` (server/resources/sort-keys.ts). */
  namePinyin: Generated<string>;
  nameEn: string | null;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface AuditLogsTable {
  id: Generated<number>;
  userId: number | null;
  loginName: string | null;
  ip: string | null;
  resource: string;
  recordId: string | null;
  action: string;
  /** JSON: { field: [before, after] } for the fields that changed. */
  changes: string;
  createdAt: string;
}

export interface LoginLogsTable {
  id: Generated<number>;
  loginName: string;
  userId: number | null;
  ip: string | null;
  userAgent: string | null;
  result: string; // "success" | "failure" | "throttled" | "disabled"
  createdAt: string;
}

export interface ResourcePagesTable {
  id: Generated<number>;
  seedKey: string | null;
  path: string | null;
  titleZh: string;
  titleEn: string;
  icon: string;
  parentId: number | null;
  sortOrder: number;
  visible: number;
  permission: string | null;
  builtIn: number;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface ConfigsTable {
  id: Generated<number>;
  key: string;
  value: string;
  type: string; // "string" | "number" | "boolean" | "json"
  description: string | null;
  builtIn: number;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface FilesTable {
  id: Generated<number>;
  kind: string; // MediaKind (common/media-rules.ts)
  originalName: string;
  mime: string;
  /** bigint: PostgreSQL answers it as a string, which toRecord turns into a number. */
  size: number | string;
  sha256: string;
  storageKey: string;
  width: number | null;
  height: number | null;
  durationSec: number | null;
  usageCount: Generated<number>;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface FileUsagesTable {
  fileId: number;
  resource: string;
  recordId: number;
  field: string;
}

export interface ContentTagsTable {
  resource: string;
  recordId: number;
  tagId: number;
}

/** The publishing workflow's columns (db/workflow-columns.ts). */
export interface WorkflowColumns {
  status: Generated<string>;
  publishAt: string | null;
  publishedAt: string | null;
  createdBy: number | null;
  updatedBy: number | null;
  /** JSON array of tag ids. */
  tagIds: Generated<string>;
}

export interface SermonsTable extends WorkflowColumns {
  id: Generated<number>;
  title: string;
  titlePinyin: Generated<string>;
  preacher: string | null;
  series: string | null;
  serviceType: string | null;
  preachedOn: string | null;
  passage: string | null;
  summary: string | null;
  body: Generated<string>;
  audioFileId: number | null;
  videoFileId: number | null;
  videoUrl: string | null;
  /** JSON array of file ids. */
  attachmentIds: Generated<string>;
  coverFileId: number | null;
  regionCode: string | null;
  views: Generated<number>;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  group: Generated<string>;
  handler: string;
  /** JSON object, checked against the handler's params schema. */
  params: Generated<string>;
  cron: string;
  timezone: Generated<string>;
  misfirePolicy: Generated<string>; // "fireAll" | "fireOnce" | "doNothing"
  concurrent: Generated<number>; // 0 | 1
  status: Generated<string>; // "normal" | "paused"
  timeoutSec: Generated<number>; // 0: no limit
  remark: string | null;
  /** Set on the built-in jobs (server/jobs/seed.ts): they may be paused, not deleted. */
  seedKey: string | null;
  /** The claim cursor: every fire up to here belongs to some instance (server/jobs). */
  lastFireAt: string;
  /** The lease of a non-concurrent job's current run: "<instance>/<log id>". */
  runningBy: string | null;
  runningSeenAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface JobLogsTable {
  id: Generated<number>;
  jobId: number | null;
  jobName: string;
  handler: string;
  trigger: string; // "schedule" | "manual" | "misfire"
  scheduledAt: string;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  status: string; // "running" | "success" | "failed" | "skipped"
  message: string | null;
  error: string | null;
  instance: string;
}

export interface BehaviorEventsTable {
  id: Generated<number>;
  /** The calendar day in the statistics' time zone (STATS_TIMEZONE). */
  day: string;
  occurredAt: string;
  type: string; // "pageview" | "event" | "leave"
  app: string; // "admin" | "public"
  visitorId: string;
  sessionId: string;
  path: string;
  name: string | null;
  durationMs: number | null;
  referrerDomain: string | null;
  device: string; // "mobile" | "tablet" | "desktop"
  /** The address cut to /24 (IPv4) or /48 (IPv6). */
  ipPrefix: string | null;
}

export interface BehaviorDailyTable {
  day: string;
  kind: string; // "total" | "path" | "device" | "referrer" | "event"
  key: string;
  hits: number;
  visitors: number;
  sessions: number;
  durationSum: number;
  durationCount: number;
}

/** A Q&A tag: its own table, apart from the content tags (docs/decisions.md). */
export interface AskTagsTable {
  id: Generated<number>;
  name: string;
  namePinyin: Generated<string>;
  nameEn: string | null;
  description: string | null;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

/** A post's moderation state; only visible and closed ones are public. */
export type AskPostStatus =
  "pending" | "visible" | "hidden" | "closed" | "deleted";

export interface AskQuestionsTable {
  id: Generated<number>;
  title: string;
  body: string;
  authorId: number;
  status: Generated<AskPostStatus>;
  score: Generated<number>;
  answerCount: Generated<number>;
  views: Generated<number>;
  acceptedAnswerId: number | null;
  /** The hot ranking, stored on every write that changes it (services/ask-hot.ts). */
  hot: Generated<number>;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface AskQuestionTagsTable {
  questionId: number;
  tagId: number;
}

export interface AskAnswersTable {
  id: Generated<number>;
  questionId: number;
  body: string;
  authorId: number;
  status: Generated<AskPostStatus>;
  score: Generated<number>;
  recommended: Generated<number>; // 1 when a moderator recommended it
  recommendedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface AskVotesTable {
  userId: number;
  targetType: "question" | "answer";
  targetId: number;
  value: number; // 1 or -1
  createdAt: string;
}

export interface AskReportsTable {
  id: Generated<number>;
  reporterId: number;
  targetType: "question" | "answer" | "user";
  targetId: number;
  reason: "spam" | "abuse" | "offTopic" | "other";
  text: Generated<string>;
  status: Generated<string>; // "open" | "resolved" | "dismissed"
  handledBy: number | null;
  handledAt: string | null;
  createdAt: string;
}

export interface AskNotificationsTable {
  id: Generated<number>;
  userId: number;
  kind: "answered" | "accepted" | "recommended" | "hidden";
  questionId: number | null;
  answerId: number | null;
  readAt: string | null;
  createdAt: string;
}

export interface AskMutesTable {
  id: Generated<number>;
  userId: number;
  until: string;
  reason: Generated<string>;
  createdBy: number | null;
  createdAt: string;
}

export interface MemberProfilesTable {
  userId: number;
  email: string | null;
  signupIp: string | null;
  createdAt: string;
}

/** Columns every media content table has (audio, video, gospel documents; 0010). */
interface MediaContentColumns extends WorkflowColumns {
  id: Generated<number>;
  title: string;
  titlePinyin: Generated<string>;
  description: string | null;
  coverFileId: number | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface AudiosTable extends MediaContentColumns {
  audioFileId: number;
  durationSec: number | null;
  speaker: string | null;
  series: string | null;
}

export interface VideosTable extends MediaContentColumns {
  videoFileId: number | null;
  videoUrl: string | null;
  durationSec: number | null;
}

export interface GospelDocsTable extends MediaContentColumns {
  fileId: number;
  language: Generated<string>;
}

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
  recoveryCodes: RecoveryCodesTable;
  loginFailures: LoginFailuresTable;
  tags: TagsTable;
  files: FilesTable;
  fileUsages: FileUsagesTable;
  contentTags: ContentTagsTable;
  sermons: SermonsTable;
  articles: ArticlesTable;
  contentRevisions: ContentRevisionsTable;
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
  askModerationLog: AskModerationLogTable;
  askAnswerRevisions: AskAnswerRevisionsTable;
  memberProfiles: MemberProfilesTable;
  jobs: JobsTable;
  jobLogs: JobLogsTable;
  behaviorEvents: BehaviorEventsTable;
  behaviorDaily: BehaviorDailyTable;
  audios: AudiosTable;
  videos: VideosTable;
  gospel_docs: GospelDocsTable;
  spiders: SpidersTable;
  spiderRuns: SpiderRunsTable;
  spiderItems: SpiderItemsTable;
  disciples: DisciplesTable;
  ministryConfig: MinistryConfigTable;
  channels: ChannelsTable;
  liveVideos: LiveVideosTable;
  liveNotices: LiveNoticesTable;
  liveConfig: LiveConfigTable;
  mailOutbox: MailOutboxTable;
  passwordResetTokens: PasswordResetTokensTable;
  emailVerificationTokens: EmailVerificationTokensTable;
  signingKeys: SigningKeysTable;
}

export interface UsersTable {
  id: Generated<number>;
  loginName: string;
  userName: string;
  /** The folded display name, unique; null for a clash kept from before the rule. */
  userNameKey: string | null;
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
  /** 1: a legacy name that folds like an older account's (migration 0016). */
  loginNameClash: Generated<number>;
  /** A new address waiting for its link to be opened (0033); `email` is the one in use. */
  pendingEmail: string | null;
  /** Two-factor login (0034): the TOTP secret (base32) once enrolled, else null. */
  totpSecret: string | null;
  /** The secret shown during enrolment, until one code confirms it. */
  totpPendingSecret: string | null;
  totpEnabledAt: string | null;
  /** The last time step a code was accepted at: a code works once. */
  totpLastStep: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  userId: number;
  /** sha256 of the code (tokens.ts hashToken); the code itself is shown once. */
  codeHash: string;
  createdAt: string;
  usedAt: string | null;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  nameEn: string;
  builtIn: number; // 1 for the seeded roles
  /** 1: its users log in with a second factor (0034); `admin` always does. */
  requiresTwoFactor: Generated<number>;
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
  /** 1: the user must enrol a second factor first; only the enrolment routes answer (0034). */
  enrolmentOnly: Generated<number>;
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
  /** The page a crawled draft came from (0013). */
  sourceUrl: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface ArticlesTable extends WorkflowColumns {
  id: Generated<number>;
  title: string;
  titlePinyin: Generated<string>;
  author: string | null;
  category: string | null;
  coverFileId: number | null;
  summary: string | null;
  body: Generated<string>;
  sourceUrl: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

/** One saved version of a record (server/resources/revisions.ts). */
export interface ContentRevisionsTable {
  id: Generated<number>;
  resource: string;
  recordId: number;
  recordVersion: number;
  /** The record as JSON. */
  data: string;
  createdBy: number | null;
  restoredFrom: number | null;
  createdAt: string;
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
  descriptionEn: string | null;
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
  /** Moderation (migration 0014). */
  pinned: Generated<number>;
  /** 1: posted anonymously (issue 24); the public never sees its author. */
  anonymous: Generated<number>;
  moderationReason: string | null;
  pendingReason: string | null;
  statusBeforeDelete: string | null;
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
  /** 1: posted anonymously (issue 24). */
  anonymous: Generated<number>;
  recommendedAt: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
  /** Moderation (migration 0014). */
  moderationReason: string | null;
  pendingReason: string | null;
  statusBeforeDelete: string | null;
  recommendNote: string | null;
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
  /** "dismiss" | "hide" | "mute" (migration 0014). */
  resolution: string | null;
  resolutionNote: string | null;
}

export interface AskNotificationsTable {
  id: Generated<number>;
  userId: number;
  kind:
    | "answered"
    | "accepted"
    | "recommended"
    | "hidden"
    | "approved"
    | "rejected"
    | "reportHandled";
  questionId: number | null;
  answerId: number | null;
  readAt: string | null;
  /** When it went out by e-mail, at once or in a digest (0035). */
  mailedAt: Generated<string | null>;
  createdAt: string;
  /** How many events it stands for: a burst of answers to one question is one notice. */
  count: Generated<number>;
  /** Who caused it (the latest of a merged burst); null on old moderation notices. */
  actorId: number | null;
}

export interface AskMutesTable {
  id: Generated<number>;
  userId: number;
  until: string;
  reason: Generated<string>;
  createdBy: number | null;
  createdAt: string;
  /** Migration 0014: a lifted mute is kept; a permanent one's until is a sentinel. */
  liftedAt: string | null;
  liftedBy: number | null;
  permanent: Generated<number>;
}

/** One moderation act on a post (migration 0014). */
export interface AskModerationLogTable {
  id: Generated<number>;
  targetType: "question" | "answer";
  targetId: number;
  questionId: number;
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  reason: string | null;
  moderatorId: number | null;
  createdAt: string;
}

/** An answer's body before a moderator's edit (migration 0014). */
export interface AskAnswerRevisionsTable {
  id: Generated<number>;
  answerId: number;
  body: string;
  editorId: number | null;
  createdAt: string;
}

export interface MemberProfilesTable {
  userId: number;
  email: string | null;
  signupIp: string | null;
  createdAt: string;
  /** When `email` was confirmed by its link (0033); null: not yet. */
  emailVerifiedAt: string | null;
  /** A new address waiting for its link; `email` stays in use until then. */
  pendingEmail: string | null;
  /** Notices by e-mail (0035): "instant" | "daily" | "weekly" | "never". */
  noticeMail: Generated<string>;
  /** When the choice last changed; an unsubscribe link issued before it is used up. */
  noticeMailChangedAt: string | null;
  /** When the member's last digest was built. */
  noticeDigestAt: string | null;
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
export interface SpidersTable {
  id: Generated<number>;
  name: string;
  /** JSON array of URLs. */
  startUrls: string;
  linkPattern: string | null;
  maxPages: Generated<number>;
  delayMs: Generated<number>;
  userAgent: string | null;
  enabled: Generated<number>;
  /** JSON object: title, content, author, date, cover (CSS selectors). */
  selectors: string;
  target: string; // "article" | "sermon"
  /** JSON array of tag ids. */
  defaultTagIds: Generated<string>;
  cron: Generated<string>;
  jobId: number | null;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface SpiderRunsTable {
  id: Generated<number>;
  spiderId: number;
  jobLogId: number | null;
  status: string; // "running" | "success" | "failed"
  startedAt: string;
  finishedAt: string | null;
  pagesFetched: Generated<number>;
  itemsCreated: Generated<number>;
  duplicatesSkipped: Generated<number>;
  blockedByRobots: Generated<number>;
  errors: Generated<number>;
  /** JSON array of { url, message }, the first 50. */
  errorLog: Generated<string>;
  message: string | null;
}

export interface SpiderItemsTable {
  id: Generated<number>;
  spiderId: number | null;
  urlHash: string;
  canonicalUrl: string;
  contentHash: string;
  target: string;
  recordId: number;
  createdAt: string;
}

export interface DisciplesTable {
  id: Generated<number>;
  name: string;
  namePinyin: Generated<string>;
  gender: Generated<string>;
  birthDate: string | null;
  baptismDate: string | null;
  joinedOn: string | null;
  phone: string | null;
  phoneDigits: Generated<string>;
  email: string | null;
  address: string | null;
  regionCode: string | null;
  countryCode: string | null;
  congregation: string | null;
  status: Generated<string>;
  tagIds: Generated<string>;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface MinistryConfigTable {
  id: number;
  data: string;
  updatedBy: number | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

/** Live channels (issue 12 item 3). The stream key is kept only as its hash. */
export interface ChannelsTable {
  id: Generated<number>;
  name: string;
  namePinyin: Generated<string>;
  description: string | null;
  coverFileId: number | null;
  playbackUrl: string | null;
  ingestUrl: string | null;
  streamKeyHash: string | null;
  streamKeyHint: string | null;
  streamKeyGeneratedAt: string | null;
  status: Generated<string>; // "idle" | "live" | "offline"
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

/** Live videos (issue 12 item 4). */
export interface LiveVideosTable {
  id: Generated<number>;
  title: string;
  titlePinyin: Generated<string>;
  channelId: number;
  preacher: string | null;
  scheduledStart: string;
  scheduledEnd: string;
  status: Generated<string>; // "scheduled" | "live" | "ended" | "cancelled"
  startedAt: string | null;
  endedAt: string | null;
  replayFileId: number | null;
  replayUrl: string | null;
  sermonId: number | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

/** Live notices (issue 12 item 6). */
export interface LiveNoticesTable {
  id: Generated<number>;
  textZh: string;
  textEn: string;
  startsAt: string;
  endsAt: string;
  channelId: number | null;
  enabled: Generated<number>; // 0 | 1
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

/** The live settings (issue 12 item 5): one row, id 1. */
export interface LiveConfigTable {
  id: number;
  defaultChannelId: number | null;
  autoplay: Generated<number>; // 0 | 1
  offlineImageFileId: number | null;
  offlineTextZh: string | null;
  offlineTextEn: string | null;
  updatedAt: string | null;
  version: Generated<number>;
}

/** E-mail waiting to be sent, sent or given up on (0030, server/mail). */
export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  language: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  secret: string | null;
  secretExpiresAt: string | null;
  status: string; // "pending" | "sent" | "failed"
  attempts: Generated<number>;
  nextAttemptAt: string;
  lockedBy: string | null;
  lockedUntil: string | null;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** Extra headers as a JSON object (0035: List-Unsubscribe); null for none. */
  headers: string | null;
}

/** Keys the server signs its links with, made once on first use (0035). */
export interface SigningKeysTable {
  name: string;
  secret: string;
  createdAt: string;
}

/** Password-reset links: only the token's hash (0030). */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number | null;
  email: string;
  ip: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** A link that confirms an e-mail address (0033); only the token's hash is kept. */
export interface EmailVerificationTokensTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  /** The address the link confirms. */
  email: string;
  /** "member": member_profiles' address; "staff": users' own. */
  target: string;
  ip: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

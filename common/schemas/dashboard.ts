import { z } from "zod";

/**
 * What the admin home counts: each entry only when its table exists in this installation
 * (a feature not built yet has none) and the caller holds its read permission. `workflow`
 * tables also feed "scheduled content".
 */
export const DASHBOARD_COUNTS = [
  {
    key: "sermons",
    table: "sermons",
    permission: "sermon:read",
    path: "/admin/sermonManage",
    workflow: true,
  },
  {
    key: "articles",
    table: "articles",
    permission: "article:read",
    path: "/admin/articleManage",
    workflow: true,
  },
  {
    key: "audios",
    table: "audios",
    permission: "audio:read",
    path: "/admin/audioManage",
    workflow: true,
  },
  {
    key: "videos",
    table: "videos",
    permission: "video:read",
    path: "/admin/videoManage",
    workflow: true,
  },
  {
    key: "docs",
    table: "gospel_docs",
    permission: "doc:read",
    path: "/admin/docManage",
    workflow: true,
  },
  {
    key: "disciples",
    table: "disciples",
    permission: "disciple:read",
    path: "/admin/discipleManage",
    workflow: false,
  },
  {
    key: "liveVideos",
    table: "live_videos",
    permission: "liveVideo:read",
    path: "/admin/liveVideoManage",
    workflow: false,
  },
  {
    key: "tags",
    table: "tags",
    permission: "tag:read",
    path: "/admin/tagManage",
    workflow: false,
  },
  {
    key: "spiders",
    table: "spiders",
    permission: "spider:read",
    path: "/admin/spiderManage",
    workflow: false,
  },
  {
    key: "questions",
    table: "ask_questions",
    permission: "askTopic:read",
    path: "/admin/askManage",
    workflow: false,
  },
  {
    key: "users",
    table: "users",
    permission: "user:read",
    path: "/admin/system/userManage",
    workflow: false,
  },
  {
    key: "jobs",
    table: "jobs",
    permission: "job:read",
    path: "/admin/system/jobManage",
    workflow: false,
  },
] as const;

export const dashboardSchema = z.object({
  counts: z
    .array(z.object({ key: z.string(), count: z.number(), path: z.string() }))
    .optional(),
  /** PV and UV of the last 7 days, oldest first (missing days are 0). */
  traffic: z
    .array(z.object({ day: z.string(), pv: z.number(), uv: z.number() }))
    .optional(),
  audit: z
    .array(
      z.object({
        id: z.number(),
        loginName: z.string().nullable(),
        resource: z.string(),
        action: z.string(),
        recordId: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .optional(),
  scheduled: z
    .array(
      z.object({
        key: z.string(),
        path: z.string(),
        id: z.number(),
        title: z.string(),
        publishAt: z.string(),
      }),
    )
    .optional(),
  liveVideos: z
    .array(z.object({ id: z.number(), title: z.string(), startAt: z.string() }))
    .optional(),
  failedJobs: z
    .object({
      total: z.number(),
      recent: z.array(
        z.object({
          id: z.number(),
          jobId: z.number().nullable(),
          jobName: z.string(),
          handler: z.string(),
          startedAt: z.string(),
          error: z.string().nullable(),
        }),
      ),
    })
    .optional(),
  /** E-mail (issue 24): whether SMTP_URL is set, and the outbox's waiting and failed counts. */
  mail: z
    .object({
      configured: z.boolean(),
      pending: z.number(),
      failed: z.number(),
    })
    .optional(),
  /**
   * Roles that hold `disciple:contact` (believers' phone numbers and addresses) but do not
   * require two-factor login (issue 24 item 5); shown to those who may read roles.
   */
  twoFactorWarnings: z
    .array(
      z.object({
        id: z.number(),
        code: z.string(),
        name: z.string(),
        nameEn: z.string(),
      }),
    )
    .optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

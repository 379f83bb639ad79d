import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";

interface SeedPage {
  path: string;
  titleZh: string;
  titleEn: string;
  icon: string;
  permission: string;
}
interface SeedGroup {
  key: string;
  titleZh: string;
  titleEn: string;
  icon: string;
  pages: SeedPage[];
}

const page = (
  path: string,
  titleZh: string,
  titleEn: string,
  icon: string,
  permission: string,
): SeedPage => ({ path, titleZh, titleEn, icon, permission });

/**
 * Every admin page of the spec (section 2) and of issue 10, in menu order, with the code
 * that shows it. Paths are relative to /admin, as the admin's routes are.
 */
export const SEED_MENU: SeedGroup[] = [
  {
    key: "system",
    titleZh: "系统管理",
    titleEn: "System",
    icon: "Settings",
    pages: [
      page("system/userManage", "用户管理", "Users", "People", "user:read"),
      page("system/roleManage", "角色管理", "Roles", "Badge", "role:read"),
      page(
        "system/permission/resource",
        "权限资源",
        "Permission resources",
        "Security",
        "permission:read",
      ),
      page(
        "system/configManage",
        "系统配置",
        "System configuration",
        "Settings",
        "config:read",
      ),
      page("system/jobManage", "定时任务", "Jobs", "Schedule", "job:read"),
      page(
        "system/joblogManage",
        "任务日志",
        "Job logs",
        "History",
        "jobLog:read",
      ),
      page(
        "system/resourcePageManage",
        "资源页面",
        "Resource pages",
        "Web",
        "resourcePage:read",
      ),
      page(
        "system/userBehaviorStat",
        "用户行为统计",
        "User behaviour statistics",
        "Insights",
        "behaviorStat:read",
      ),
      page(
        "system/onlineSessions",
        "在线会话",
        "Online sessions",
        "DevicesOther",
        "session:read",
      ),
      page(
        "system/loginLog",
        "登录日志",
        "Login log",
        "Login",
        "loginLog:read",
      ),
      page(
        "system/auditLog",
        "审计日志",
        "Audit log",
        "ManageSearch",
        "auditLog:read",
      ),
    ],
  },
  {
    key: "content",
    titleZh: "内容管理",
    titleEn: "Content",
    icon: "Article",
    pages: [
      page(
        "sermonManage",
        "讲道管理",
        "Sermons",
        "RecordVoiceOver",
        "sermon:read",
      ),
      page("mySermonManage", "我的讲道", "My sermons", "Mic", "sermon:read"),
      page("articleManage", "文章管理", "Articles", "Article", "article:read"),
      page(
        "articleEdit",
        "文章编辑",
        "Article editor",
        "EditNote",
        "article:update",
      ),
      page("audioManage", "音频管理", "Audio", "Audiotrack", "audio:read"),
      page("videoManage", "视频管理", "Videos", "VideoLibrary", "video:read"),
      page(
        "docManage",
        "福音文档",
        "Gospel documents",
        "Description",
        "doc:read",
      ),
      page(
        "discipleManage",
        "信徒管理",
        "Believers",
        "Groups",
        "disciple:read",
      ),
      page("tagManage", "标签管理", "Tags", "LocalOffer", "tag:read"),
      page(
        "spiderManage",
        "爬虫配置",
        "Crawler configuration",
        "TravelExplore",
        "spider:read",
      ),
      page(
        "configManage",
        "事工配置",
        "Ministry configuration",
        "Tune",
        "ministryConfig:read",
      ),
    ],
  },
  {
    key: "live",
    titleZh: "直播管理",
    titleEn: "Live",
    icon: "LiveTv",
    pages: [
      page("configLive", "直播视频", "Live video", "LiveTv", "liveConfig:read"),
      page(
        "configLiveNotice",
        "直播公告",
        "Live announcement",
        "Campaign",
        "liveNotice:read",
      ),
      page(
        "channelManage",
        "直播频道",
        "Live channels",
        "CellTower",
        "channel:read",
      ),
      page(
        "liveVideoManage",
        "直播视频管理",
        "Live videos",
        "OndemandVideo",
        "liveVideo:read",
      ),
    ],
  },
  {
    key: "qa",
    titleZh: "问答社区",
    titleEn: "Q&A",
    icon: "Forum",
    pages: [
      page("askManage", "问答管理", "Q&A management", "Forum", "askTopic:read"),
      page(
        "topicDetailManage",
        "问题详情管理",
        "Question details",
        "Topic",
        "askAnswer:read",
      ),
      page(
        "askConfig",
        "问答配置",
        "Q&A settings",
        "SettingsSuggest",
        "askConfig:read",
      ),
      page("askTagManage", "问答标签", "Q&A tags", "Sell", "askTag:read"),
      page(
        "askComplaintManage",
        "用户投诉",
        "User complaints",
        "Report",
        "askComplaint:read",
      ),
      page(
        "askKeepSilenceManage",
        "禁言用户",
        "Muted users",
        "VolumeOff",
        "askMute:read",
      ),
      page(
        "ask",
        "问答社区",
        "Q&A community",
        "QuestionAnswer",
        "askTopic:read",
      ),
      page(
        "topicDetail",
        "问题详情",
        "Question detail",
        "HelpCenter",
        "askTopic:read",
      ),
      page(
        "choicenessCommon",
        "精选回答",
        "Recommended answers",
        "Star",
        "askAnswer:read",
      ),
      page("tagList", "标签列表", "Tag list", "Label", "askTag:read"),
    ],
  },
];

/** Gaps between seeded sort orders, so an administrator can slot pages in between. */
const SORT_STEP = 10;

/**
 * Adds the seeded groups and pages that are missing. Rows that exist are never touched, so
 * what an administrator changed (titles, order, visibility, parent) survives upgrades; a
 * seeded row cannot be deleted (only hidden), so it is never added back against their will.
 */
export async function seedMenu(store: Store): Promise<void> {
  const now = nowIso();
  await store.transaction(async (trx) => {
    const existing = new Map(
      (
        await trx
          .selectFrom("resourcePages")
          .select(["id", "seedKey"])
          .where("seedKey", "is not", null)
          .execute()
      ).map((row) => [row.seedKey!, row.id]),
    );
    const base = {
      visible: 1,
      builtIn: 1,
      createdAt: now,
      updatedAt: now,
    };
    for (const [groupIndex, group] of SEED_MENU.entries()) {
      const groupKey = `group:${group.key}`;
      let groupId = existing.get(groupKey);
      if (groupId === undefined) {
        groupId = (
          await trx
            .insertInto("resourcePages")
            .values({
              ...base,
              seedKey: groupKey,
              path: null,
              titleZh: group.titleZh,
              titleEn: group.titleEn,
              icon: group.icon,
              parentId: null,
              sortOrder: (groupIndex + 1) * SORT_STEP,
              permission: null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      }
      const missing = group.pages
        .map((page, index) => ({ page, index }))
        .filter(({ page }) => !existing.has(`page:${page.path}`));
      if (missing.length === 0) continue;
      await trx
        .insertInto("resourcePages")
        .values(
          missing.map(({ page, index }) => ({
            ...base,
            seedKey: `page:${page.path}`,
            path: page.path,
            titleZh: page.titleZh,
            titleEn: page.titleEn,
            icon: page.icon,
            parentId: groupId,
            sortOrder: (index + 1) * SORT_STEP,
            permission: page.permission,
          })),
        )
        .execute();
    }
  });
}

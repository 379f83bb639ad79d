import type { Store } from "../db/store.js";
import { nowIso } from "../db/dialect.js";
import {
  ADMIN_PAGE_NAMES,
  type AdminPagePath,
} from "../../common/admin-page-names.js";

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

/** A page's titles come from the one list the admin's page titles read too. */
const page = (
  path: AdminPagePath,
  icon: string,
  permission: string,
): SeedPage => ({
  path,
  titleZh: ADMIN_PAGE_NAMES["zh-CN"][path],
  titleEn: ADMIN_PAGE_NAMES["en-US"][path],
  icon,
  permission,
});

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
      page("system/userManage", "People", "user:read"),
      page("system/roleManage", "Badge", "role:read"),
      page("system/permission/resource", "Security", "permission:read"),
      page("system/configManage", "Settings", "config:read"),
      page("system/jobManage", "Schedule", "job:read"),
      page("system/joblogManage", "History", "jobLog:read"),
      page("system/resourcePageManage", "Web", "resourcePage:read"),
      page("system/userBehaviorStat", "Insights", "behaviorStat:read"),
      page("system/onlineSessions", "DevicesOther", "session:read"),
      page("system/loginLog", "Login", "loginLog:read"),
      page("system/mailOutbox", "Outbox", "outbox:read"),
      page("system/auditLog", "ManageSearch", "auditLog:read"),
    ],
  },
  {
    key: "content",
    titleZh: "内容管理",
    titleEn: "Content",
    icon: "Article",
    pages: [
      page("sermonManage", "RecordVoiceOver", "sermon:read"),
      page("mySermonManage", "Mic", "sermon:read"),
      page("articleManage", "Article", "article:read"),
      page("articleEdit", "EditNote", "article:update"),
      page("audioManage", "Audiotrack", "audio:read"),
      page("videoManage", "VideoLibrary", "video:read"),
      page("docManage", "Description", "doc:read"),
      page("discipleManage", "Groups", "disciple:read"),
      page("tagManage", "LocalOffer", "tag:read"),
      page("spiderManage", "TravelExplore", "spider:read"),
      page("configManage", "Tune", "ministryConfig:read"),
    ],
  },
  {
    key: "live",
    titleZh: "直播管理",
    titleEn: "Live",
    icon: "LiveTv",
    pages: [
      page("configLive", "LiveTv", "liveConfig:read"),
      page("configLiveNotice", "Campaign", "liveNotice:read"),
      page("channelManage", "CellTower", "channel:read"),
      page("liveVideoManage", "OndemandVideo", "liveVideo:read"),
    ],
  },
  {
    key: "qa",
    titleZh: "问答社区",
    titleEn: "Q&A",
    icon: "Forum",
    pages: [
      page("askManage", "Forum", "askTopic:read"),
      page("topicDetailManage", "Topic", "askAnswer:read"),
      page("askConfig", "SettingsSuggest", "askConfig:read"),
      page("askTagManage", "Sell", "askTag:read"),
      page("askComplaintManage", "Report", "askComplaint:read"),
      page("askKeepSilenceManage", "VolumeOff", "askMute:read"),
      page("ask", "QuestionAnswer", "askTopic:read"),
      page("topicDetail", "HelpCenter", "askTopic:read"),
      page("choicenessCommon", "Star", "askAnswer:read"),
      page("tagList", "Label", "askTag:read"),
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

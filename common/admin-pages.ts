import type { MenuIcon } from "./schemas/resource-page.js";

/**
 * The admin pages, written once: each page's path under /admin, its titles in both
 * languages, its menu icon and the code that opens it, in menu order within its group.
 * The server's menu seed and permission catalogue, the admin's menu, home tiles and page
 * titles all read this table (docs/adding-a-resource.md).
 */
export interface AdminPageRow {
  /** The spec's child path under /admin (also the seed key `page:<path>`). */
  path: string;
  group: MenuGroup;
  titleZh: string;
  titleEn: string;
  icon: MenuIcon;
  /** The code that shows the page in the menu and opens it. */
  permission: string;
}

export type MenuGroup = "system" | "content" | "live" | "qa";

export interface MenuGroupRow {
  key: MenuGroup;
  titleZh: string;
  titleEn: string;
  icon: MenuIcon;
  /** The permission tree's group holding the modules of this group's pages. */
  permissionGroup: PermissionGroup;
  /** Modules of the group that no page opens (a file is uploaded from other screens). */
  extraModules?: readonly string[];
}

export type PermissionGroup = "system" | "content" | "live" | "moderation";

/** The menu's groups, in order. */
export const MENU_GROUP_TABLE: readonly MenuGroupRow[] = [
  {
    key: "system",
    titleZh: "系统管理",
    titleEn: "System",
    icon: "Settings",
    permissionGroup: "system",
  },
  {
    key: "content",
    titleZh: "内容管理",
    titleEn: "Content",
    icon: "Article",
    permissionGroup: "content",
    extraModules: ["file"],
  },
  {
    key: "live",
    titleZh: "直播管理",
    titleEn: "Live",
    icon: "LiveTv",
    permissionGroup: "live",
  },
  {
    key: "qa",
    titleZh: "问答社区",
    titleEn: "Q&A",
    icon: "Forum",
    permissionGroup: "moderation",
  },
];

const row = <P extends string>(
  group: MenuGroup,
  path: P,
  titleZh: string,
  titleEn: string,
  icon: MenuIcon,
  permission: string,
) => ({ path, group, titleZh, titleEn, icon, permission });

/** Every admin page of the spec (section 2) and of issue 10, in menu order. */
export const ADMIN_PAGE_TABLE = [
  row(
    "system",
    "system/userManage",
    "用户管理",
    "Users",
    "People",
    "user:read",
  ),
  row("system", "system/roleManage", "角色管理", "Roles", "Badge", "role:read"),
  row(
    "system",
    "system/permission/resource",
    "权限资源",
    "Permission resources",
    "Security",
    "permission:read",
  ),
  row(
    "system",
    "system/configManage",
    "系统配置",
    "System configuration",
    "Settings",
    "config:read",
  ),
  row("system", "system/jobManage", "定时任务", "Jobs", "Schedule", "job:read"),
  row(
    "system",
    "system/joblogManage",
    "任务日志",
    "Job logs",
    "History",
    "jobLog:read",
  ),
  row(
    "system",
    "system/resourcePageManage",
    "资源页面",
    "Resource pages",
    "Web",
    "resourcePage:read",
  ),
  row(
    "system",
    "system/userBehaviorStat",
    "用户行为统计",
    "User behaviour statistics",
    "Insights",
    "behaviorStat:read",
  ),
  row(
    "system",
    "system/onlineSessions",
    "在线会话",
    "Online sessions",
    "DevicesOther",
    "session:read",
  ),
  row(
    "system",
    "system/loginLog",
    "登录日志",
    "Login log",
    "Login",
    "loginLog:read",
  ),
  row(
    "system",
    "system/mailOutbox",
    "邮件发件箱",
    "Mail outbox",
    "Outbox",
    "outbox:read",
  ),
  row(
    "system",
    "system/auditLog",
    "审计日志",
    "Audit log",
    "ManageSearch",
    "auditLog:read",
  ),

  row(
    "content",
    "sermonManage",
    "讲道管理",
    "Sermons",
    "RecordVoiceOver",
    "sermon:read",
  ),
  row(
    "content",
    "mySermonManage",
    "我的讲道",
    "My sermons",
    "Mic",
    "sermon:read",
  ),
  row(
    "content",
    "articleManage",
    "文章管理",
    "Articles",
    "Article",
    "article:read",
  ),
  row(
    "content",
    "articleEdit",
    "文章编辑",
    "Article editor",
    "EditNote",
    "article:update",
  ),
  row(
    "content",
    "audioManage",
    "音频管理",
    "Audio",
    "Audiotrack",
    "audio:read",
  ),
  row(
    "content",
    "videoManage",
    "视频管理",
    "Videos",
    "VideoLibrary",
    "video:read",
  ),
  row(
    "content",
    "docManage",
    "福音文档",
    "Gospel documents",
    "Description",
    "doc:read",
  ),
  row(
    "content",
    "discipleManage",
    "信徒管理",
    "Believers",
    "Groups",
    "disciple:read",
  ),
  row("content", "tagManage", "标签管理", "Tags", "LocalOffer", "tag:read"),
  row(
    "content",
    "spiderManage",
    "爬虫配置",
    "Crawler configuration",
    "TravelExplore",
    "spider:read",
  ),
  row(
    "content",
    "configManage",
    "事工配置",
    "Ministry configuration",
    "Tune",
    "ministryConfig:read",
  ),

  row(
    "live",
    "configLive",
    "直播设置",
    "Live settings",
    "LiveTv",
    "liveConfig:read",
  ),
  row(
    "live",
    "configLiveNotice",
    "直播公告",
    "Live announcement",
    "Campaign",
    "liveNotice:read",
  ),
  row(
    "live",
    "channelManage",
    "直播频道",
    "Live channels",
    "CellTower",
    "channel:read",
  ),
  row(
    "live",
    "liveVideoManage",
    "直播视频库",
    "Live video library",
    "OndemandVideo",
    "liveVideo:read",
  ),

  row(
    "qa",
    "askManage",
    "问答管理",
    "Q&A management",
    "Forum",
    "askTopic:read",
  ),
  row(
    "qa",
    "topicDetailManage",
    "问题详情管理",
    "Manage question details",
    "Topic",
    "askAnswer:read",
  ),
  row(
    "qa",
    "askConfig",
    "问答配置",
    "Q&A settings",
    "SettingsSuggest",
    "askConfig:read",
  ),
  row("qa", "askTagManage", "问答标签", "Q&A tags", "Sell", "askTag:read"),
  row(
    "qa",
    "askComplaintManage",
    "用户投诉",
    "User complaints",
    "Report",
    "askComplaint:read",
  ),
  row(
    "qa",
    "askKeepSilenceManage",
    "禁言用户",
    "Muted users",
    "VolumeOff",
    "askMute:read",
  ),
  row(
    "qa",
    "ask",
    "前台社区首页",
    "Public community home",
    "QuestionAnswer",
    "askTopic:read",
  ),
  row(
    "qa",
    "topicDetail",
    "前台问题详情",
    "Public question page",
    "HelpCenter",
    "askTopic:read",
  ),
  row(
    "qa",
    "choicenessCommon",
    "精选回答",
    "Recommended answers",
    "Star",
    "askAnswer:read",
  ),
  row("qa", "tagList", "标签列表", "Tag list", "Label", "askTag:read"),
] as const satisfies readonly AdminPageRow[];

export type AdminPagePath = (typeof ADMIN_PAGE_TABLE)[number]["path"];

/** One page's row. */
export function adminPage(path: AdminPagePath): AdminPageRow {
  return ADMIN_PAGE_TABLE.find((page) => page.path === path)!;
}

/** The pages' names a person reads, per language, keyed by path (app.page_names.*). */
export const ADMIN_PAGE_NAMES = {
  "zh-CN": Object.fromEntries(
    ADMIN_PAGE_TABLE.map((page) => [page.path, page.titleZh]),
  ) as Record<AdminPagePath, string>,
  "en-US": Object.fromEntries(
    ADMIN_PAGE_TABLE.map((page) => [page.path, page.titleEn]),
  ) as Record<AdminPagePath, string>,
};

/**
 * The permission tree's modules per group: the modules of the group's pages in menu
 * order (each once), then the group's extra modules.
 */
export function permissionModuleGroups(): Record<PermissionGroup, string[]> {
  const groups = {} as Record<PermissionGroup, string[]>;
  for (const group of MENU_GROUP_TABLE) {
    const modules = ADMIN_PAGE_TABLE.filter(
      (page) => page.group === group.key,
    ).map((page) => page.permission.split(":")[0]!);
    groups[group.permissionGroup] = [
      ...new Set([...modules, ...(group.extraModules ?? [])]),
    ];
  }
  return groups;
}

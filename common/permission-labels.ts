import { ADMIN_PAGE_TABLE, type AdminPageRow } from "./admin-pages.js";

/**
 * The names of permission groups, modules and actions in both languages, for the
 * permission tree (`GET /tjc/system/permissions`) and the role editor's checkbox tree.
 */
export interface Label {
  "zh-CN": string;
  "en-US": string;
}

const label = (zh: string, en: string): Label => ({ "zh-CN": zh, "en-US": en });

/** A key with no name of its own, shown as itself in both languages. */
export const codeLabel = (key: string): Label => label(key, key);

export const GROUP_LABELS: Record<string, Label> = {
  system: label("系统管理", "System"),
  content: label("内容管理", "Content"),
  live: label("直播管理", "Live"),
  moderation: label("问答审核", "Q&A moderation"),
  community: label("问答社区", "Community"),
};

export const MODULE_LABELS: Record<string, Label> = {
  user: label("用户", "Users"),
  role: label("角色", "Roles"),
  permission: label("权限", "Permissions"),
  config: label("系统配置", "System configuration"),
  job: label("定时任务", "Jobs"),
  jobLog: label("任务日志", "Job logs"),
  resourcePage: label("资源页面", "Resource pages"),
  behaviorStat: label("用户行为统计", "User behaviour statistics"),
  auditLog: label("审计日志", "Audit log"),
  session: label("在线会话", "Online sessions"),
  loginLog: label("登录日志", "Login log"),
  outbox: label("邮件发件箱", "Mail outbox"),
  sermon: label("讲道", "Sermons"),
  article: label("文章", "Articles"),
  audio: label("音频", "Audio"),
  video: label("视频", "Videos"),
  doc: label("福音文档", "Gospel documents"),
  disciple: label("信徒", "Believers"),
  tag: label("标签", "Tags"),
  spider: label("爬虫配置", "Crawler configuration"),
  ministryConfig: label("事工配置", "Ministry configuration"),
  file: label("文件", "Files"),
  liveConfig: label("直播视频", "Live video"),
  liveNotice: label("直播公告", "Live announcement"),
  channel: label("直播频道", "Live channels"),
  liveVideo: label("直播视频管理", "Live videos"),
  askTopic: label("问题", "Questions"),
  askAnswer: label("回答", "Answers"),
  askConfig: label("问答配置", "Q&A settings"),
  askTag: label("问答标签", "Q&A tags"),
  askComplaint: label("用户投诉", "User complaints"),
  askMute: label("禁言", "Muted users"),
  community: label("社区", "Community"),
};

export const ACTION_LABELS: Record<string, Label> = {
  read: label("查看", "View"),
  create: label("新增", "Create"),
  update: label("修改", "Edit"),
  delete: label("删除", "Delete"),
  export: label("导出", "Export"),
  upload: label("上传", "Upload"),
  run: label("执行", "Run"),
  revoke: label("强制下线", "Force logout"),
  unlock: label("解除登录锁定", "Lift a login lock"),
  resetTwoFactor: label("重置两步验证", "Reset two-factor login"),
  contact: label("查看联系方式", "See contact details"),
  resend: label("重新发送", "Resend"),
  reveal: label("查看匿名作者", "Reveal an anonymous author"),
  ask: label("提问", "Ask"),
  answer: label("回答", "Answer"),
  report: label("举报", "Report"),
  vote: label("投票", "Vote"),
};

/**
 * A module's name: its own in MODULE_LABELS, else the titles of the admin page its `read`
 * code opens (the page table, common/admin-pages.ts), so a new resource's module is named
 * where its page is; else the code itself.
 */
export function moduleLabel(
  module: string,
  pages: readonly AdminPageRow[] = ADMIN_PAGE_TABLE,
): Label {
  const own = MODULE_LABELS[module];
  if (own) return own;
  const page = pages.find((row) => row.permission === `${module}:read`);
  return page ? label(page.titleZh, page.titleEn) : codeLabel(module);
}

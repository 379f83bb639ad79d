/**
 * The system administration's validation and refusal keys, with their messages in every
 * supported language. The server words field errors with them; the admin merges the same
 * texts into its catalogue. No zod here, so the admin's catalogue stays light.
 */
import type { Language } from "./codes.js";

export const SYSTEM_ERRORS = {
  passwordTooShort: "system.validation.password_too_short",
  passwordIsLoginName: "system.validation.password_is_login_name",
  passwordTooCommon: "system.validation.password_too_common",
  wrongPassword: "system.validation.wrong_password",
  loginNameFormat: "system.validation.login_name_format",
  phoneFormat: "system.validation.phone_format",
  roleCodeFormat: "system.validation.role_code_format",
  unknownPermission: "system.validation.unknown_permission",
  unknownRole: "system.validation.unknown_role",
  configKeyFormat: "system.validation.config_key_format",
  configValueType: "system.validation.config_value_type",
  unknownIcon: "system.validation.unknown_icon",
  parentNotGroup: "system.validation.parent_not_group",
  notYourself: "system.conflict.not_yourself",
  lastAdmin: "system.conflict.last_admin",
  builtInRole: "system.conflict.built_in_role",
  adminHoldsAll: "system.conflict.admin_holds_all",
  builtInConfig: "system.conflict.built_in_config",
  builtInPage: "system.conflict.built_in_page",
  grantBeyondOwn: "system.forbidden.grant_beyond_own",
  notOwnRoles: "system.forbidden.not_own_roles",
  notOwnRoleCodes: "system.forbidden.not_own_role_codes",
  onlyAdminGivesAdmin: "system.forbidden.only_admin_gives_admin",
  outranked: "system.forbidden.outranked",
  loginNameTaken: "system.conflict.login_name_taken",
  wrongOtp: "system.validation.wrong_otp",
  noEnrolmentStarted: "system.validation.no_enrolment_started",
  alreadyEnrolled: "system.conflict.already_enrolled",
  adminRequiresTwoFactor: "system.conflict.admin_requires_two_factor",
} as const;

export const SYSTEM_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [SYSTEM_ERRORS.passwordTooShort]: "密码至少 8 个字符",
    [SYSTEM_ERRORS.passwordIsLoginName]: "密码不能与登录名相同",
    [SYSTEM_ERRORS.passwordTooCommon]: "密码过于常见，请换一个",
    [SYSTEM_ERRORS.wrongPassword]: "原密码不正确",
    [SYSTEM_ERRORS.loginNameFormat]:
      "登录名为 3 至 32 个字母、数字、下划线、点或连字符",
    [SYSTEM_ERRORS.phoneFormat]: "电话号码格式不正确",
    [SYSTEM_ERRORS.roleCodeFormat]:
      "角色代码以小写字母开头，只含小写字母、数字、下划线和连字符",
    [SYSTEM_ERRORS.unknownPermission]: "没有这个权限代码",
    [SYSTEM_ERRORS.unknownRole]: "没有这个角色",
    [SYSTEM_ERRORS.configKeyFormat]:
      "配置键由小写字母、数字和点组成，如 site.name",
    [SYSTEM_ERRORS.configValueType]: "值与配置类型不符",
    [SYSTEM_ERRORS.unknownIcon]: "没有这个图标",
    [SYSTEM_ERRORS.parentNotGroup]: "上级必须是一个分组",
    [SYSTEM_ERRORS.notYourself]: "不能删除或停用自己的账号",
    [SYSTEM_ERRORS.lastAdmin]:
      "这是最后一个启用的管理员，不能删除、停用或取消其管理员角色",
    [SYSTEM_ERRORS.builtInRole]: "内置角色不能删除或改名",
    [SYSTEM_ERRORS.adminHoldsAll]: "管理员角色始终拥有全部权限",
    [SYSTEM_ERRORS.builtInConfig]: "内置配置项不能删除，也不能改键或类型",
    [SYSTEM_ERRORS.builtInPage]: "内置页面不能删除，可以将其隐藏",
    [SYSTEM_ERRORS.grantBeyondOwn]: "不能授予或收回自己没有的权限",
    [SYSTEM_ERRORS.notOwnRoles]: "不能更改自己的角色",
    [SYSTEM_ERRORS.notOwnRoleCodes]: "不能更改自己所属角色的权限",
    [SYSTEM_ERRORS.onlyAdminGivesAdmin]: "只有管理员才能授予或取消管理员角色",
    [SYSTEM_ERRORS.outranked]: "不能更改拥有您所没有权限的账号",
    [SYSTEM_ERRORS.loginNameTaken]: "该登录名已被使用（不区分大小写）",
    [SYSTEM_ERRORS.wrongOtp]: "验证码不正确或已使用过",
    [SYSTEM_ERRORS.noEnrolmentStarted]: "请先开始启用两步验证",
    [SYSTEM_ERRORS.alreadyEnrolled]:
      "已启用两步验证；如需更换，请管理员重置第二验证因素",
    [SYSTEM_ERRORS.adminRequiresTwoFactor]: "管理员角色始终要求两步验证",
  },
  "en-US": {
    [SYSTEM_ERRORS.passwordTooShort]: "A password has at least 8 characters",
    [SYSTEM_ERRORS.passwordIsLoginName]:
      "The password must differ from the login name",
    [SYSTEM_ERRORS.passwordTooCommon]:
      "This password is too common; choose another",
    [SYSTEM_ERRORS.wrongPassword]: "The current password is wrong",
    [SYSTEM_ERRORS.loginNameFormat]:
      "A login name has 3 to 32 letters, digits, underscores, dots or hyphens",
    [SYSTEM_ERRORS.phoneFormat]: "Not a valid phone number",
    [SYSTEM_ERRORS.roleCodeFormat]:
      "A role code starts with a lower-case letter and has only lower-case letters, digits, _ and -",
    [SYSTEM_ERRORS.unknownPermission]: "No such permission code",
    [SYSTEM_ERRORS.unknownRole]: "No such role",
    [SYSTEM_ERRORS.configKeyFormat]:
      "A key is lower-case letters, digits and dots, e.g. site.name",
    [SYSTEM_ERRORS.configValueType]: "The value does not match the type",
    [SYSTEM_ERRORS.unknownIcon]: "No such icon",
    [SYSTEM_ERRORS.parentNotGroup]: "The parent must be a group",
    [SYSTEM_ERRORS.notYourself]:
      "You cannot delete or disable your own account",
    [SYSTEM_ERRORS.lastAdmin]:
      "This is the last enabled administrator: it cannot be deleted, disabled or lose the admin role",
    [SYSTEM_ERRORS.builtInRole]: "A built-in role cannot be deleted or renamed",
    [SYSTEM_ERRORS.adminHoldsAll]:
      "The administrator role always holds every permission",
    [SYSTEM_ERRORS.builtInConfig]:
      "A built-in setting cannot be deleted, nor its key or type changed",
    [SYSTEM_ERRORS.builtInPage]:
      "A built-in page cannot be deleted; hide it instead",
    [SYSTEM_ERRORS.grantBeyondOwn]:
      "You cannot grant or take away permissions you do not hold",
    [SYSTEM_ERRORS.notOwnRoles]: "You cannot change your own roles",
    [SYSTEM_ERRORS.notOwnRoleCodes]:
      "You cannot change the permissions of a role you hold",
    [SYSTEM_ERRORS.onlyAdminGivesAdmin]:
      "Only an administrator can give or take away the administrator role",
    [SYSTEM_ERRORS.outranked]:
      "You cannot change an account that holds permissions you do not hold",
    [SYSTEM_ERRORS.loginNameTaken]:
      "That login name is taken (upper and lower case count as the same)",
    [SYSTEM_ERRORS.wrongOtp]: "The code is wrong or was already used",
    [SYSTEM_ERRORS.noEnrolmentStarted]:
      "Start setting up two-factor login first",
    [SYSTEM_ERRORS.alreadyEnrolled]:
      "Two-factor login is already on; to change it, ask an administrator to reset your second factor",
    [SYSTEM_ERRORS.adminRequiresTwoFactor]:
      "The administrator role always requires two-factor login",
  },
};

/**
 * The built-in settings' descriptions in every language, by key (issue 25 item 19: they
 * read in English in the zh-CN admin). The seed stores the zh-CN text; the server answers a
 * built-in setting whose stored description is one of these texts with the reader's, and
 * a description an administrator rewrote as it is (`configDescription`). The en-US texts
 * are those the seed stored before, so older stores are recognised too.
 */
export const CONFIG_DESCRIPTIONS: Record<Language, Record<string, string>> = {
  "zh-CN": {
    "site.name": "站点名称（中文），显示在后台标题栏和问答站点页头",
    "site.nameEn": "站点名称（英文），显示在英文后台标题栏和问答站点页头",
    "session.idleMinutes": "多少分钟没有请求后会话结束",
    "login.maxFailures": "同一登录名连续登录失败多少次后锁定 10 分钟",
    "upload.maxImageMB": "上传图片的最大大小（MB）",
    "loginLog.retentionDays": "登录日志保留的天数",
    "jobLog.retentionDays":
      "任务日志保留已结束运行的天数（由任务日志保留任务清理）",
    "ask.preModeration":
      "问答先审后发：off（关闭）、newMembers（新成员的前几篇）或 all（全部）",
    "ask.preModerationPosts": "newMembers 时：新成员的前几篇需要审核",
    "ask.dailyQuestions": "每位成员每天最多提问数（0 为不限）",
    "ask.dailyAnswers": "每位成员每天最多回答数（0 为不限）",
    "ask.minAccountAgeHours": "账号注册满多少小时后才能发帖（0 为不限）",
    "ask.signUpOpen": "问答社区是否开放注册",
    "ask.bannedWords":
      '敏感词：[{"word", "action": "block"（拦截）| "review"（送审）}]',
    "ask.anonymousPosting": "是否允许成员匿名提问和回答",
    "ask.anonymousMinAccountDays": "账号注册满多少天后才能匿名发帖（0 为不限）",
  },
  "en-US": {
    "site.name":
      "Site name (Chinese), shown in the admin's title bar and the public site's header",
    "site.nameEn":
      "Site name (English), shown in the admin's title bar and the public site's header",
    "session.idleMinutes":
      "Minutes without a request after which a session ends",
    "login.maxFailures":
      "Failed logins of one login name that lock it for 10 minutes",
    "upload.maxImageMB": "Largest image upload, in MB",
    "loginLog.retentionDays": "Days the login log keeps an attempt",
    "jobLog.retentionDays":
      "Days the job log keeps a finished run (the job-log retention job)",
    "ask.preModeration":
      "Q&A pre-moderation: off, newMembers (a member's first posts) or all",
    "ask.preModerationPosts":
      "With newMembers: how many first posts wait for review",
    "ask.dailyQuestions": "Questions a member may ask a day (0: no limit)",
    "ask.dailyAnswers": "Answers a member may write a day (0: no limit)",
    "ask.minAccountAgeHours":
      "Hours an account must exist before posting (0: none)",
    "ask.signUpOpen": "Whether the community takes sign-ups",
    "ask.bannedWords": 'Banned words: [{"word", "action": "block" | "review"}]',
    "ask.anonymousPosting":
      "Whether members may post questions and answers anonymously",
    "ask.anonymousMinAccountDays":
      "Days an account must exist before posting anonymously (0: none)",
  },
};

/**
 * A setting's description for a reader: a built-in setting's seeded text in `language`,
 * any other description as stored.
 */
export function configDescription(
  config: { key: string; description: string | null; builtIn: boolean },
  language: Language,
): string | null {
  const { key, description } = config;
  if (!config.builtIn || description === null) return description;
  const seeded = Object.values(CONFIG_DESCRIPTIONS).some(
    (texts) => texts[key] === description,
  );
  return seeded
    ? (CONFIG_DESCRIPTIONS[language][key] ?? description)
    : description;
}

import type { Language } from "../../../common/codes";
import {
  AUDIT_LOG_FIELD_LABELS,
  LOGIN_LOG_FIELD_LABELS,
  ROLE_FIELD_LABELS,
  USER_FIELD_LABELS,
} from "../../../common/schemas/system-labels";
import { SYSTEM_VALIDATION_MESSAGES } from "../../../common/system-messages";
import { deepMerge, nestMessages } from "../../i18n/deepMerge";

/** The system screens' strings: resource names, field labels and their own words. */
const own: Record<Language, Record<string, unknown>> = {
  "zh-CN": {
    resources: {
      "admin/system/userManage": {
        name: "用户管理",
        fields: USER_FIELD_LABELS["zh-CN"],
      },
      "admin/system/roleManage": {
        name: "角色管理",
        fields: ROLE_FIELD_LABELS["zh-CN"],
      },
      "admin/system/auditLog": {
        name: "审计日志",
        fields: AUDIT_LOG_FIELD_LABELS["zh-CN"],
      },
      "admin/system/loginLog": {
        name: "登录日志",
        fields: LOGIN_LOG_FIELD_LABELS["zh-CN"],
      },
      "admin/system/onlineSessions": {
        name: "在线会话",
        fields: {
          loginName: "登录名",
          userName: "姓名",
          ip: "IP",
          userAgent: "浏览器",
          createdAt: "登录时间",
          lastSeenAt: "最后活动",
          q: "搜索",
        },
      },
    },
    system: {
      filter: { from: "起始日期", to: "截止日期" },
      users: {
        enable: "启用",
        disable: "停用",
        reset_password: "重置密码",
        new_password: "新密码",
        password_hint: "至少 8 个字符；该用户的会话将全部下线",
        password_reset_done: "密码已重置，该用户需重新登录",
      },
      status: { enabled: "启用", disabled: "停用" },
      login_result: {
        success: "成功",
        failure: "失败",
        throttled: "已限制",
        disabled: "账号停用",
      },
      audit: {
        action: {
          create: "新建",
          update: "修改",
          delete: "删除",
          batchUpdate: "批量修改",
          batchDelete: "批量删除",
          passwordReset: "重置密码",
          passwordChange: "修改密码",
          forceLogout: "强制下线",
          unlock: "解除锁定",
          restore: "恢复版本",
        },
        field: "字段",
        before: "修改前",
        after: "修改后",
        no_changes: "此操作没有记录字段变更",
      },
      sessions: {
        current: "当前会话",
        force_logout: "强制下线",
        confirm_title: "强制下线",
        confirm_content: "确定让 %{name} 的这个会话下线吗？",
        done: "已强制下线",
      },
    },
  },
  "en-US": {
    resources: {
      "admin/system/userManage": {
        name: "Users",
        fields: USER_FIELD_LABELS["en-US"],
      },
      "admin/system/roleManage": {
        name: "Roles",
        fields: ROLE_FIELD_LABELS["en-US"],
      },
      "admin/system/auditLog": {
        name: "Audit log",
        fields: AUDIT_LOG_FIELD_LABELS["en-US"],
      },
      "admin/system/loginLog": {
        name: "Login log",
        fields: LOGIN_LOG_FIELD_LABELS["en-US"],
      },
      "admin/system/onlineSessions": {
        name: "Online sessions",
        fields: {
          loginName: "Login name",
          userName: "Name",
          ip: "IP",
          userAgent: "User agent",
          createdAt: "Signed in",
          lastSeenAt: "Last seen",
          q: "Search",
        },
      },
    },
    system: {
      filter: { from: "From", to: "To" },
      users: {
        enable: "Enable",
        disable: "Disable",
        reset_password: "Reset password",
        new_password: "New password",
        password_hint: "At least 8 characters; the user's sessions all end",
        password_reset_done: "Password reset: the user must log in again",
      },
      status: { enabled: "Enabled", disabled: "Disabled" },
      login_result: {
        success: "Success",
        failure: "Failure",
        throttled: "Throttled",
        disabled: "Account disabled",
      },
      audit: {
        action: {
          create: "Create",
          update: "Update",
          delete: "Delete",
          batchUpdate: "Batch update",
          batchDelete: "Batch delete",
          passwordReset: "Password reset",
          passwordChange: "Password change",
          forceLogout: "Forced logout",
          unlock: "Login lock lifted",
          restore: "Revision restored",
        },
        field: "Field",
        before: "Before",
        after: "After",
        no_changes: "This action records no field changes",
      },
      sessions: {
        current: "This session",
        force_logout: "Force logout",
        confirm_title: "Force logout",
        confirm_content: "End this session of %{name}?",
        done: "The session was ended",
      },
    },
  },
};

/** Plus the server's validation and refusal keys, so a form words them as the server does. */
export const systemMessages: Record<Language, Record<string, unknown>> = {
  "zh-CN": deepMerge(
    nestMessages(SYSTEM_VALIDATION_MESSAGES["zh-CN"]),
    own["zh-CN"],
  ) as Record<string, unknown>,
  "en-US": deepMerge(
    nestMessages(SYSTEM_VALIDATION_MESSAGES["en-US"]),
    own["en-US"],
  ) as Record<string, unknown>,
};

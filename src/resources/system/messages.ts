import type { Language } from "../../../common/codes";
import { CHOICE_LABELS } from "../../../common/choice-labels";
import { OUTBOX_FIELD_LABELS } from "../../../common/schemas/mail-outbox";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_RESOURCE_LABELS,
} from "../../../common/audit-labels";
import {
  AUDIT_LOG_FIELD_LABELS,
  CONFIG_FIELD_LABELS,
  RESOURCE_PAGE_FIELD_LABELS,
  LOGIN_LOG_FIELD_LABELS,
  ROLE_FIELD_LABELS,
  USER_FIELD_LABELS,
} from "../../../common/schemas/system-labels";
import { SYSTEM_VALIDATION_MESSAGES } from "../../../common/system-messages";
import { deepMerge, nestMessages } from "../../i18n/deepMerge";

/** The system screens' strings: field labels and their own words (each record's name is its manifest's). */
const own: Record<Language, Record<string, unknown>> = {
  "zh-CN": {
    resources: {
      "admin/system/userManage": {
        fields: USER_FIELD_LABELS["zh-CN"],
      },
      "admin/system/roleManage": {
        fields: ROLE_FIELD_LABELS["zh-CN"],
      },
      "admin/system/auditLog": {
        fields: AUDIT_LOG_FIELD_LABELS["zh-CN"],
      },
      "admin/system/loginLog": {
        fields: LOGIN_LOG_FIELD_LABELS["zh-CN"],
      },
      "admin/system/mailOutbox": {
        fields: OUTBOX_FIELD_LABELS["zh-CN"],
      },
      "admin/system/onlineSessions": {
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
      "admin/system/configManage": {
        fields: { ...CONFIG_FIELD_LABELS["zh-CN"], keyPrefix: "键前缀" },
      },
      "admin/system/resourcePageManage": {
        fields: RESOURCE_PAGE_FIELD_LABELS["zh-CN"],
      },
    },
    system: {
      configs: {
        type: CHOICE_LABELS["zh-CN"].configType,
        helper: {
          key: "小写字母开头、以点分段，如 site.name",
          built_in: "内置配置项：键和类型不能修改，也不能删除",
          number: "一个数字，如 30 或 2.5",
          json: '有效的 JSON，如 {"a": 1} 或 [1, 2]',
        },
      },
      pages: {
        entry: "菜单项",
        group: "分组",
        kind: "类型",
        groups_only: "只看分组",
        pages_only: "只看页面",
        visible_only: "显示的",
        hidden_only: "隐藏的",
        show: "显示",
        hide: "隐藏",
        show_title: "显示 %{smart_count} 个页面",
        show_content: "确定在菜单中显示选中的 %{smart_count} 个页面吗？",
        hide_title: "隐藏 %{smart_count} 个页面",
        hide_content: "确定在菜单中隐藏选中的 %{smart_count} 个页面吗？",
        preview: "预览",
        everyone: "（所有登录用户）",
        no_group: "（不属于分组）",
        helper: {
          path: "/admin/ 之后的路径；留空表示这是一个分组",
          built_in: "内置页面：路径不能修改，也不能删除，可以隐藏",
          sort_order: "数字小的排在前面；下次加载时菜单按此排序",
          visible: "隐藏后，下次加载时菜单中不再出现",
          permission: "持有此权限的用户才能在菜单中看到它",
        },
      },
      permissions: {
        intro:
          "服务器认识的全部权限代码（只读），每个代码所保护的接口来自服务器的路由表，以及持有它的角色。",
        search: "搜索代码、名称、接口或角色",
        count: "共 %{count} 个权限代码",
        action: "操作",
        code: "代码",
        routes: "需要它的接口",
        roles: "持有它的角色",
        no_routes: "没有接口直接需要它",
        none: "没有匹配的权限代码",
      },
      filter: { from: "起始日期", to: "截止日期" },
      users: {
        enable: "启用",
        disable: "停用",
        reset_password: "重置密码",
        reset_two_factor: "重置第二验证因素",
        reset_two_factor_confirm:
          "确定重置 %{name} 的两步验证吗？其所有会话将结束，下次登录时需重新启用。",
        two_factor_reset_done: "已重置两步验证，该用户的会话已结束",
        new_password: "新密码",
        password_hint: "至少 8 个字符；该用户的会话将全部下线",
        password_reset_done: "密码已重置，该用户需重新登录",
      },
      status: CHOICE_LABELS["zh-CN"].userStatus,
      outbox: {
        status: CHOICE_LABELS["zh-CN"].outboxStatus,
        resend: "重新发送",
        confirm_title: "重新发送邮件",
        confirm_content: "将这封邮件重新发送给 %{recipient}？",
        done: "已重新排入发送队列",
        no_error: "没有失败记录",
      },
      login_result: CHOICE_LABELS["zh-CN"].loginResult,
      audit: {
        action: AUDIT_ACTION_LABELS["zh-CN"],
        resource: AUDIT_RESOURCE_LABELS["zh-CN"],
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
        fields: USER_FIELD_LABELS["en-US"],
      },
      "admin/system/roleManage": {
        fields: ROLE_FIELD_LABELS["en-US"],
      },
      "admin/system/auditLog": {
        fields: AUDIT_LOG_FIELD_LABELS["en-US"],
      },
      "admin/system/loginLog": {
        fields: LOGIN_LOG_FIELD_LABELS["en-US"],
      },
      "admin/system/mailOutbox": {
        fields: OUTBOX_FIELD_LABELS["en-US"],
      },
      "admin/system/onlineSessions": {
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
      "admin/system/configManage": {
        fields: { ...CONFIG_FIELD_LABELS["en-US"], keyPrefix: "Key prefix" },
      },
      "admin/system/resourcePageManage": {
        fields: RESOURCE_PAGE_FIELD_LABELS["en-US"],
      },
    },
    system: {
      configs: {
        type: CHOICE_LABELS["en-US"].configType,
        helper: {
          key: "Starts with a lower-case letter, dotted, e.g. site.name",
          built_in:
            "Built-in setting: its key and type cannot change, and it cannot be deleted",
          number: "A number, e.g. 30 or 2.5",
          json: 'Valid JSON, e.g. {"a": 1} or [1, 2]',
        },
      },
      pages: {
        entry: "Menu entry",
        group: "Group",
        kind: "Kind",
        groups_only: "Groups only",
        pages_only: "Pages only",
        visible_only: "Visible",
        hidden_only: "Hidden",
        show: "Show",
        hide: "Hide",
        show_title: "Show one page |||| Show %{smart_count} pages",
        show_content:
          "Show the selected page in the menu? |||| Show the %{smart_count} selected pages in the menu?",
        hide_title: "Hide one page |||| Hide %{smart_count} pages",
        hide_content:
          "Hide the selected page from the menu? |||| Hide the %{smart_count} selected pages from the menu?",
        preview: "Preview",
        everyone: "(every signed-in user)",
        no_group: "(no group)",
        helper: {
          path: "The path after /admin/; leave empty for a group",
          built_in:
            "Built-in page: its path cannot change and it cannot be deleted, but it can be hidden",
          sort_order:
            "Lower numbers come first; the menu follows at its next load",
          visible: "A hidden entry leaves the menu at its next load",
          permission: "Only users holding this code see it in the menu",
        },
      },
      permissions: {
        intro:
          "Every permission code the server knows (read-only), with the routes each protects, from the server's route table, and the roles that hold it.",
        search: "Search codes, names, routes or roles",
        count: "%{count} permission codes",
        action: "Action",
        code: "Code",
        routes: "Routes that need it",
        roles: "Roles that hold it",
        no_routes: "No route needs it directly",
        none: "No permission code matches",
      },
      filter: { from: "From", to: "To" },
      users: {
        enable: "Enable",
        disable: "Disable",
        reset_password: "Reset password",
        reset_two_factor: "Reset second factor",
        reset_two_factor_confirm:
          "Reset the two-factor login of %{name}? All their sessions end, and they set it up again at their next login.",
        two_factor_reset_done:
          "Second factor reset; the user's sessions have ended",
        new_password: "New password",
        password_hint: "At least 8 characters; the user's sessions all end",
        password_reset_done: "Password reset: the user must log in again",
      },
      status: CHOICE_LABELS["en-US"].userStatus,
      outbox: {
        status: CHOICE_LABELS["en-US"].outboxStatus,
        resend: "Resend",
        confirm_title: "Resend the message",
        confirm_content: "Send this message to %{recipient} again?",
        done: "Queued to be sent again",
        no_error: "No failure recorded",
      },
      login_result: CHOICE_LABELS["en-US"].loginResult,
      audit: {
        action: AUDIT_ACTION_LABELS["en-US"],
        resource: AUDIT_RESOURCE_LABELS["en-US"],
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

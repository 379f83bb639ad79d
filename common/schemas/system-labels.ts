import type { Language } from "../codes.js";
import { RECORD_STAMP_LABELS } from "./record-labels.js";

/**
 * The system resources' field names a person reads: the admin's column and input labels,
 * and the server's CSV export headers. One list per resource, so the two never disagree.
 */
type Labels = Record<Language, Record<string, string>>;

const common = {
  "zh-CN": {
    id: "编号",
    ...RECORD_STAMP_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    ...RECORD_STAMP_LABELS["en-US"],
  },
};

function labels(
  zh: Record<string, string>,
  en: Record<string, string>,
): Labels {
  return {
    "zh-CN": { ...common["zh-CN"], ...zh },
    "en-US": { ...common["en-US"], ...en },
  };
}

export const USER_FIELD_LABELS = labels(
  {
    loginName: "登录名",
    userName: "姓名",
    email: "邮箱",
    phone: "电话",
    status: "状态",
    language: "语言",
    roleIds: "角色",
    roleId: "角色",
    password: "密码",
    lastLoginAt: "最后登录时间",
    lastLoginIp: "最后登录 IP",
    twoFactorEnabled: "两步验证",
  },
  {
    loginName: "Login name",
    userName: "Name",
    email: "Email",
    phone: "Phone",
    status: "Status",
    language: "Language",
    roleIds: "Roles",
    roleId: "Role",
    password: "Password",
    lastLoginAt: "Last login",
    lastLoginIp: "Last login IP",
    twoFactorEnabled: "Two-factor login",
  },
);

export const ROLE_FIELD_LABELS = labels(
  {
    code: "代码",
    name: "名称",
    nameEn: "英文名称",
    remark: "备注",
    permissions: "权限",
    builtIn: "内置",
    requiresTwoFactor: "要求两步验证",
    userCount: "用户数",
  },
  {
    code: "Code",
    name: "Name",
    nameEn: "English name",
    remark: "Remark",
    permissions: "Permissions",
    builtIn: "Built in",
    requiresTwoFactor: "Requires two-factor login",
    userCount: "Users",
  },
);

export const AUDIT_LOG_FIELD_LABELS = labels(
  {
    userId: "用户编号",
    loginName: "操作人",
    ip: "IP",
    resource: "资源",
    recordId: "记录编号",
    action: "操作",
    changes: "变更",
    createdAt: "时间",
  },
  {
    userId: "User ID",
    loginName: "By",
    ip: "IP",
    resource: "Resource",
    recordId: "Record ID",
    action: "Action",
    changes: "Changes",
    createdAt: "Time",
  },
);

export const RESOURCE_PAGE_FIELD_LABELS = labels(
  {
    path: "路径",
    titleZh: "中文标题",
    titleEn: "英文标题",
    icon: "图标",
    parentId: "所属分组",
    sortOrder: "排序",
    visible: "显示",
    permission: "权限",
    builtIn: "内置",
  },
  {
    path: "Path",
    titleZh: "Chinese title",
    titleEn: "English title",
    icon: "Icon",
    parentId: "Group",
    sortOrder: "Sort order",
    visible: "Visible",
    permission: "Permission",
    builtIn: "Built in",
  },
);

export const CONFIG_FIELD_LABELS = labels(
  {
    key: "键",
    value: "值",
    type: "类型",
    description: "说明",
    builtIn: "内置",
  },
  {
    key: "Key",
    value: "Value",
    type: "Type",
    description: "Description",
    builtIn: "Built in",
  },
);

export const LOGIN_LOG_FIELD_LABELS = labels(
  {
    loginName: "登录名",
    userId: "用户编号",
    ip: "IP",
    userAgent: "浏览器",
    result: "结果",
    createdAt: "时间",
  },
  {
    loginName: "Login name",
    userId: "User ID",
    ip: "IP",
    userAgent: "User agent",
    result: "Result",
    createdAt: "Time",
  },
);

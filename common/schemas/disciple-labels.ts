import type { Language } from "../codes.js";
import { RECORD_STAMP_LABELS } from "./record-labels.js";

/**
 * The believer fields' names a person reads: the admin's columns and inputs, the export's
 * headers, and the headers an import recognises without mapping.
 */
export const DISCIPLE_FIELD_LABELS = {
  "zh-CN": {
    id: "编号",
    name: "姓名",
    gender: "性别",
    birthDate: "出生日期",
    baptismDate: "受洗日期",
    joinedOn: "入会日期",
    phone: "电话",
    email: "电子邮箱",
    address: "地址",
    regionCode: "地区",
    countryCode: "国家或地区",
    congregation: "教会",
    status: "状态",
    tagIds: "标签",
    notes: "备注",
    contactMasked: "联系方式已隐藏",
    ...RECORD_STAMP_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    name: "Name",
    gender: "Gender",
    birthDate: "Birth date",
    baptismDate: "Baptism date",
    joinedOn: "Joined on",
    phone: "Phone",
    email: "Email",
    address: "Address",
    regionCode: "Region",
    countryCode: "Country",
    congregation: "Congregation",
    status: "Status",
    tagIds: "Tags",
    notes: "Notes",
    contactMasked: "Contact hidden",
    ...RECORD_STAMP_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;

export const DISCIPLE_CHOICE_LABELS = {
  "zh-CN": {
    gender: { male: "男", female: "女", unknown: "未知" },
    status: {
      active: "在籍",
      inactive: "不活跃",
      moved: "已迁出",
      deceased: "已离世",
    },
  },
  "en-US": {
    gender: { male: "Male", female: "Female", unknown: "Unknown" },
    status: {
      active: "Active",
      inactive: "Inactive",
      moved: "Moved away",
      deceased: "Deceased",
    },
  },
} satisfies Record<
  Language,
  { gender: Record<string, string>; status: Record<string, string> }
>;

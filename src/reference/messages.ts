/** The reference-data inputs' UI strings (merged into the admin's i18n catalogue). */
import { REFERENCE_VALIDATION_MESSAGES } from "../../common/reference-messages.js";
import { nestMessages } from "../i18n/deepMerge";

type Language = "zh-CN" | "en-US";
type Catalogue = Record<string, unknown>;

function nestValidation(language: Language): Catalogue {
  return nestMessages(REFERENCE_VALIDATION_MESSAGES[language]);
}

function merge(target: Catalogue, source: Catalogue): Catalogue {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (
      value &&
      typeof value === "object" &&
      existing &&
      typeof existing === "object"
    ) {
      merge(existing as Catalogue, value as Catalogue);
    } else {
      target[key] = value;
    }
  }
  return target;
}

const zhCN: Catalogue = {
  reference: {
    region: {
      label: "地区",
      province: "省份",
      city: "城市",
      district: "区县",
      noChildren: "无下级地区",
      noOptions: "没有匹配的地区",
      loading: "加载中…",
      loadFailed: "地区加载失败：%{message}",
      validation: { chooseDeeper: "请选择到最下一级地区" },
    },
    country: {
      label: "国家或地区",
      placeholder: "输入中文或英文名称搜索",
      noOptions: "没有匹配的国家或地区",
      loading: "加载中…",
      loadFailed: "国家或地区加载失败：%{message}",
    },
    tree: {
      title: "行政区划",
      description:
        "展开省份和城市查看下级地区，下级在展开时才加载。可用方向键、Home、End 和回车键操作。",
      loading: "加载中…",
      loadFailed: "加载失败：%{message}",
      noChildren: "（无下级地区）",
      level: { 1: "省级", 2: "地级", 3: "县级" },
      demo: {
        title: "输入组件演示",
        description: "以下为地区级联选择和国家或地区选择，显示将要保存的代码。",
        chosenRegion: "地区代码",
        chosenRegionName: "地区全称",
        chosenCountry: "国家或地区代码",
        nothing: "（未选择）",
      },
    },
    action: {
      retry: "重试",
      clear: "清除",
      open: "展开选项",
      close: "收起选项",
    },
  },
};

const enUS: Catalogue = {
  reference: {
    region: {
      label: "Region",
      province: "Province",
      city: "City",
      district: "District or county",
      noChildren: "No subdivisions",
      noOptions: "No matching region",
      loading: "Loading…",
      loadFailed: "Could not load regions: %{message}",
      validation: { chooseDeeper: "Choose down to the lowest level" },
    },
    country: {
      label: "Country or region",
      placeholder: "Search by Chinese or English name",
      noOptions: "No matching country or region",
      loading: "Loading…",
      loadFailed: "Could not load countries: %{message}",
    },
    tree: {
      title: "Administrative divisions",
      description:
        "Expand a province or city to see its subdivisions; each level loads when it is opened. Arrow keys, Home, End and Enter work too.",
      loading: "Loading…",
      loadFailed: "Could not load: %{message}",
      noChildren: "(no subdivisions)",
      level: { 1: "Province level", 2: "Prefecture level", 3: "County level" },
      demo: {
        title: "Input demo",
        description:
          "The region cascader and the country picker, showing the code each would save.",
        chosenRegion: "Region code",
        chosenRegionName: "Region full name",
        chosenCountry: "Country or region code",
        nothing: "(none chosen)",
      },
    },
    action: {
      retry: "Retry",
      clear: "Clear",
      open: "Open",
      close: "Close",
    },
  },
};

export const referenceMessages: Record<Language, Record<string, unknown>> = {
  "zh-CN": merge(zhCN, nestValidation("zh-CN")),
  "en-US": merge(enUS, nestValidation("en-US")),
};

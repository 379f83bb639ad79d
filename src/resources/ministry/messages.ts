/** The ministry configuration screen's strings (merged into the admin's catalogue). */
import { MINISTRY_LABELS } from "../../../common/schemas/ministry-labels";

export const ministryMessages = {
  "zh-CN": {
    ministry: {
      ...MINISTRY_LABELS["zh-CN"],
      title: "事工配置",
      saved: "已保存",
      version: "版本 %{version}",
      weekday: {
        monday: "星期一",
        tuesday: "星期二",
        wednesday: "星期三",
        thursday: "星期四",
        friday: "星期五",
        saturday: "星期六",
        sunday: "星期日",
      },
      platform_name: {
        wechat: "微信",
        weibo: "微博",
        youtube: "YouTube",
        bilibili: "哔哩哔哩",
        facebook: "Facebook",
        instagram: "Instagram",
        x: "X",
        other: "其他",
      },
      language: { "zh-CN": "简体中文", "en-US": "English" },
    },
  },
  "en-US": {
    ministry: {
      ...MINISTRY_LABELS["en-US"],
      title: "Ministry configuration",
      saved: "Saved",
      version: "Version %{version}",
      weekday: {
        monday: "Monday",
        tuesday: "Tuesday",
        wednesday: "Wednesday",
        thursday: "Thursday",
        friday: "Friday",
        saturday: "Saturday",
        sunday: "Sunday",
      },
      platform_name: {
        wechat: "WeChat",
        weibo: "Weibo",
        youtube: "YouTube",
        bilibili: "Bilibili",
        facebook: "Facebook",
        instagram: "Instagram",
        x: "X",
        other: "Other",
      },
      language: { "zh-CN": "简体中文", "en-US": "English" },
    },
  },
};

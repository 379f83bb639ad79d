import {
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
  type Language,
} from "../common/codes";
import { LANGUAGE_STORAGE_KEY } from "../common/constants";

/** The public site's strings. It shares the admin's language key, not its code. */
export const messages: Record<Language, Record<string, string>> = {
  "zh-CN": {
    "site.title": "灯台问答社区",
    "site.nav_label": "主导航",
    "site.language": "语言",
    "site.admin": "管理后台",
    "site.coming": "完整的问答功能将在后续版本中提供。",
    "page.ask.title": "问答社区",
    "page.ask.intro": "在这里提问、回答，与弟兄姊妹交流信仰中的问题。",
    "page.topicDetail.title": "问题详情",
    "page.topicDetail.intro": "查看问题及其回答。",
    "page.choicenessCommon.title": "精选回答",
    "page.choicenessCommon.intro": "由版主推荐的优质回答。",
    "page.tagList.title": "问答标签",
    "page.tagList.intro": "按标签浏览问题。",
    "page.not_found.title": "页面不存在",
  },
  "en-US": {
    "site.title": "Lampstand Q&A community",
    "site.nav_label": "Main navigation",
    "site.language": "Language",
    "site.admin": "Back office",
    "site.coming": "The full Q&A features arrive in a later release.",
    "page.ask.title": "Q&A community",
    "page.ask.intro":
      "Ask, answer and talk about questions of faith with others.",
    "page.topicDetail.title": "Question detail",
    "page.topicDetail.intro": "A question and its answers.",
    "page.choicenessCommon.title": "Recommended answers",
    "page.choicenessCommon.intro":
      "Good answers recommended by the moderators.",
    "page.tagList.title": "Q&A tags",
    "page.tagList.intro": "Browse questions by tag.",
    "page.not_found.title": "Page not found",
  },
};

export function isLanguage(value: unknown): value is Language {
  return (
    typeof value === "string" &&
    (SUPPORTED_LANGUAGES as readonly string[]).includes(value)
  );
}

/** Saved language, else the first supported browser language, else zh-CN. */
export function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // no storage: fall through
  }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lower = (tag ?? "").toLowerCase();
    if (lower === "zh" || lower.startsWith("zh-")) return "zh-CN";
    if (lower === "en" || lower.startsWith("en-")) return "en-US";
  }
  return DEFAULT_LANGUAGE;
}

export function saveLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode
  }
}

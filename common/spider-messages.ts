/**
 * The crawler's own validation keys and messages in every supported language: the server
 * words `data.errors` with them and the admin merges the same texts.
 */
import type { Language } from "./codes.js";

export const SPIDER_ERRORS = {
  url: "spider.validation.url",
  pattern: "spider.validation.pattern",
  patternEngine: "spider.validation.pattern_engine",
  selector: "spider.validation.selector",
  tags: "spider.validation.tags",
  refused: "spider.validation.refused",
  robots: "spider.validation.robots",
} as const;

export const SPIDER_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [SPIDER_ERRORS.url]: "应为 http:// 或 https:// 开头的网址",
    [SPIDER_ERRORS.pattern]: "不是有效的正则表达式",
    [SPIDER_ERRORS.patternEngine]:
      "采集使用的正则引擎（RE2）无法运行这个表达式：不支持反向引用（如 \\1）和前后断言（如 (?=…)），表达式也不能过大",
    [SPIDER_ERRORS.selector]: "不是有效的 CSS 选择器",
    [SPIDER_ERRORS.tags]: "有的标签不存在",
    [SPIDER_ERRORS.refused]: "无法抓取这个网址：{reason}",
    [SPIDER_ERRORS.robots]: "该网站的 robots.txt 不允许抓取这个网址",
  },
  "en-US": {
    [SPIDER_ERRORS.url]: "Must be an address starting with http:// or https://",
    [SPIDER_ERRORS.pattern]: "Not a valid regular expression",
    [SPIDER_ERRORS.patternEngine]:
      "The crawler's regular-expression engine (RE2) cannot run this pattern: back-references (such as \\1) and look-around (such as (?=…)) are not supported, and the expression must not be too large",
    [SPIDER_ERRORS.selector]: "Not a valid CSS selector",
    [SPIDER_ERRORS.tags]: "Some of these tags do not exist",
    [SPIDER_ERRORS.refused]: "This address cannot be fetched: {reason}",
    [SPIDER_ERRORS.robots]:
      "The site's robots.txt does not allow fetching this address",
  },
};

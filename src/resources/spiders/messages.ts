/** The crawler screen's strings (merged into the admin's i18n catalogue). */
import { CHOICE_LABELS } from "../../../common/choice-labels";
import { SPIDER_VALIDATION_MESSAGES } from "../../../common/spider-messages";
import {
  SPIDER_FIELD_LABELS,
  SPIDER_RUN_FIELD_LABELS,
} from "../../../common/schemas/spider-labels";
import { nestMessages } from "../../i18n/deepMerge";

/**
 * "selectors.title" → { selectors: { title } }, as react-admin looks nested labels up;
 * the group's own label ("selectors") would collide with its children, so the form's
 * heading has its own key (spiders.selectors).
 */
function fields(labels: Record<string, string>) {
  const { selectors: _group, ...rest } = labels;
  void _group;
  return nestMessages(rest);
}

export const spiderMessages = {
  "zh-CN": {
    ...nestMessages(SPIDER_VALIDATION_MESSAGES["zh-CN"]),
    spiders: {
      target: CHOICE_LABELS["zh-CN"].spiderTarget,
      run_status: CHOICE_LABELS["zh-CN"].spiderRunStatus,
      run: "立即采集",
      run_started: "已开始采集，结果见下方的运行记录",
      run_skipped: "上一次采集尚未结束，本次已跳过",
      runs: "运行记录",
      selectors: "选择器（CSS）",
      start_urls_helper: "每行一个网址，只抓取与这些网址同一网站的页面",
      link_pattern_helper:
        "只跟随匹配此正则表达式的链接，例如 /sermons/\\d+；留空则跟随同站所有链接",
      delay_helper:
        "两次请求之间至少等待的毫秒数（robots.txt 的 Crawl-delay 更长时以它为准）",
      cover_helper: '图片元素或 meta 标签，例如 meta[property="og:image"]',
      target_helper: "采集到的内容保存为草稿，审核后再发布",
      test: "测试选择器",
      test_url: "测试网址",
      test_url_helper: "留空则使用第一个起始网址",
      test_fetched: "已抓取 %{url}（HTTP %{status}）",
      test_matches: "匹配 %{count} 个",
      test_nothing: "（无）",
      test_links: "将跟随的链接（%{count}）",
    },
    resources: {
      "admin/spiderManage": {
        fields: fields(SPIDER_FIELD_LABELS["zh-CN"]),
      },
      "admin/spiderRuns": {
        fields: SPIDER_RUN_FIELD_LABELS["zh-CN"],
      },
    },
  },
  "en-US": {
    ...nestMessages(SPIDER_VALIDATION_MESSAGES["en-US"]),
    spiders: {
      target: CHOICE_LABELS["en-US"].spiderTarget,
      run_status: CHOICE_LABELS["en-US"].spiderRunStatus,
      run: "Crawl now",
      run_started: "Crawl started; see the run log below",
      run_skipped: "The previous crawl is still going; this one was skipped",
      runs: "Run log",
      selectors: "Selectors (CSS)",
      start_urls_helper:
        "One address a line; only pages on the same sites are fetched",
      link_pattern_helper:
        "Only links matching this regular expression are followed, e.g. /sermons/\\d+; empty follows every same-site link",
      delay_helper:
        "Milliseconds to wait between requests (robots.txt's Crawl-delay wins when longer)",
      cover_helper: 'An image or a meta tag, e.g. meta[property="og:image"]',
      target_helper:
        "Crawled content is saved as drafts, to review before publishing",
      test: "Test selectors",
      test_url: "Test address",
      test_url_helper: "Empty: the first start URL",
      test_fetched: "Fetched %{url} (HTTP %{status})",
      test_matches: "%{count} matched",
      test_nothing: "(nothing)",
      test_links: "Links a run would follow (%{count})",
    },
    resources: {
      "admin/spiderManage": {
        fields: fields(SPIDER_FIELD_LABELS["en-US"]),
      },
      "admin/spiderRuns": {
        fields: SPIDER_RUN_FIELD_LABELS["en-US"],
      },
    },
  },
};

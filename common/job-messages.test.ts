import { describe, expect, it } from "vitest";
import {
  JOB_LOG_KEYS,
  JOB_LOG_MESSAGES,
  jobLogText,
  storedJobLogMessage,
} from "./job-messages.js";

/** The values a template names: `%{x}` and the plural choices' `{x, one …}`. */
function names(template: string): string[] {
  const found = [
    ...template.matchAll(/%\{(\w+)\}/g),
    ...template.matchAll(/\{(\w+), one /g),
  ].map((match) => match[1]!);
  return [...new Set(found)].sort();
}

describe("job log messages", () => {
  it("every key reads in both languages with the same values", () => {
    for (const key of Object.values(JOB_LOG_KEYS)) {
      const zh = JOB_LOG_MESSAGES["zh-CN"][key];
      const en = JOB_LOG_MESSAGES["en-US"][key];
      expect(zh, key).toBeTruthy();
      expect(en, key).toBeTruthy();
      expect(names(zh), key).toEqual(names(en));
    }
  });

  it("words a stored message in the reader's language, with English plurals", () => {
    const one = storedJobLogMessage({
      key: JOB_LOG_KEYS.deletedSessions,
      params: { count: 1 },
    });
    const many = storedJobLogMessage({
      key: JOB_LOG_KEYS.deletedSessions,
      params: { count: 3 },
    });
    expect(jobLogText(one, "en-US")).toBe("Deleted 1 session");
    expect(jobLogText(many, "en-US")).toBe("Deleted 3 sessions");
    expect(jobLogText(many, "zh-CN")).toBe("删除了 3 个会话");
    const published = storedJobLogMessage({
      key: JOB_LOG_KEYS.published,
      params: { counts: { articles: 2, sermons: 1 } },
    });
    expect(jobLogText(published, "zh-CN")).toBe("已发布：文章 2、讲道 1");
    expect(jobLogText(published, "en-US")).toBe(
      "Published: Articles 2, Sermons 1",
    );
  });

  it("leaves older texts, unknown keys and broken JSON as they are", () => {
    expect(jobLogText("deleted 3 sessions", "zh-CN")).toBe(
      "deleted 3 sessions",
    );
    expect(jobLogText(null, "zh-CN")).toBeNull();
    const unknown = '{"key":"job.log.gone","params":{}}';
    expect(jobLogText(unknown, "en-US")).toBe(unknown);
    const broken = '{"key":"job.log.deleted_sessions",';
    expect(jobLogText(broken, "en-US")).toBe(broken);
  });
});

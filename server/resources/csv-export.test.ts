import { describe, expect, it } from "vitest";
import { checkCsvLabels, csvLayout } from "./csv-export.js";

const labels = {
  "zh-CN": { name: "名称", updatedAt: "更新时间" },
  "en-US": { name: "Name", updatedAt: "Updated" },
};

describe("CSV layout", () => {
  it("refuses at start a column without a label in every language", () => {
    expect(() =>
      checkCsvLabels("things", [{ key: "name" }, { key: "updatedAt" }], labels),
    ).not.toThrow();
    expect(() =>
      checkCsvLabels("things", [{ key: "name" }, { key: "nameEn" }], {
        ...labels,
        "en-US": { ...labels["en-US"], nameEn: "English name" },
      }),
    ).toThrow(/"nameEn" has no zh-CN label/);
  });

  it("labels and formats the columns for the caller", () => {
    const layout = csvLayout<{ name: string; updatedAt: string }>(
      [{ key: "name" }, { key: "updatedAt", time: true }],
      labels,
      "en-US",
      "Asia/Shanghai",
    );
    expect(layout.headers).toEqual([
      "Name",
      "Updated (Asia/Shanghai, UTC+08:00)",
    ]);
    expect(
      layout.cells({ name: "福音", updatedAt: "2026-05-01T23:00:00.000Z" }),
    ).toEqual(["福音", "2026-05-02 07:00:00"]);
  });

  it("writes a coded value in the caller's language and leaves others as they are", () => {
    const values = {
      "zh-CN": { draft: "草稿", true: "是" },
      "en-US": { draft: "Draft", true: "Yes" },
    };
    const columns = [
      { key: "name" as const, values },
      { key: "updatedAt" as const, values },
    ];
    const zh = csvLayout(columns, labels, "zh-CN", "UTC");
    const en = csvLayout(columns, labels, "en-US", "UTC");
    expect(zh.cells({ name: "draft", updatedAt: true })).toEqual([
      "草稿",
      "是",
    ]);
    expect(en.cells({ name: "draft", updatedAt: true })).toEqual([
      "Draft",
      "Yes",
    ]);
    expect(en.cells({ name: "odd", updatedAt: null })).toEqual(["odd", null]);
  });
});

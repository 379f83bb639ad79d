import { describe, expect, test } from "vitest";
import {
  SYSTEM_ERRORS,
  SYSTEM_VALIDATION_MESSAGES,
} from "./system-messages.js";
import {
  ACTION_LABELS,
  GROUP_LABELS,
  MODULE_LABELS,
  moduleLabel,
} from "./permission-labels.js";
import type { AdminPageRow } from "./admin-pages.js";

describe("system messages", () => {
  test("every key has a message in both languages, and nothing else", () => {
    const keys = Object.values(SYSTEM_ERRORS).sort();
    expect(Object.keys(SYSTEM_VALIDATION_MESSAGES["zh-CN"]).sort()).toEqual(
      keys,
    );
    expect(Object.keys(SYSTEM_VALIDATION_MESSAGES["en-US"]).sort()).toEqual(
      keys,
    );
    for (const key of keys) {
      expect(SYSTEM_VALIDATION_MESSAGES["zh-CN"][key]).toMatch(
        /[\u4e00-\u9fff]/,
      );
      expect(SYSTEM_VALIDATION_MESSAGES["en-US"][key]).toMatch(/^[A-Z]/);
    }
  });

  test("every permission label is worded in both languages", () => {
    for (const labels of [GROUP_LABELS, MODULE_LABELS, ACTION_LABELS]) {
      for (const label of Object.values(labels)) {
        expect(label["zh-CN"]).toMatch(/[\u4e00-\u9fff]/);
        expect(label["en-US"]).toMatch(/^[A-Z]/);
      }
    }
  });

  test("a module without a name of its own is named by the page its read code opens", () => {
    expect(moduleLabel("tag")).toEqual(MODULE_LABELS.tag);
    const page: AdminPageRow = {
      path: "noteManage",
      group: "content",
      titleZh: "笔记管理",
      titleEn: "Notes",
      icon: "EditNote",
      permission: "note:read",
    };
    expect(moduleLabel("note", [page])).toEqual({
      "zh-CN": "笔记管理",
      "en-US": "Notes",
    });
    expect(moduleLabel("note", [])).toEqual({
      "zh-CN": "note",
      "en-US": "note",
    });
  });
});

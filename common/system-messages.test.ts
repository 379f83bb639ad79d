import { describe, expect, test } from "vitest";
import {
  SYSTEM_ERRORS,
  SYSTEM_VALIDATION_MESSAGES,
} from "./system-messages.js";
import {
  ACTION_LABELS,
  GROUP_LABELS,
  MODULE_LABELS,
} from "./permission-labels.js";

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
});

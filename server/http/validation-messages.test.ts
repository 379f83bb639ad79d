import { expect, test } from "vitest";
import { z } from "zod";
import { regionCodeSchema } from "../../common/regions.js";
import { localizeIssue } from "./validation-messages.js";

test("zod's own issues get our wording in both languages", () => {
  const issue = z.object({ name: z.string() }).safeParse({ name: 3 }).error!
    .issues[0]!;
  expect(localizeIssue(issue as never, "en-US")).toBe("Enter text");
  expect(localizeIssue(issue as never, "zh-CN")).toBe("请输入文字");
});

test("messages given as translation keys by shared schemas are worded, whatever the issue's code", () => {
  const shape = regionCodeSchema.safeParse("12").error!.issues[0]!; // a regex: invalid_format
  expect(localizeIssue(shape as never, "zh-CN")).toBe("地区代码应为 6 位数字");
  expect(localizeIssue(shape as never, "en-US")).toMatch(/six digits/);
});

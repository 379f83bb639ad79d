import { expect, test } from "vitest";
import { z } from "zod";
import { regionCodeSchema } from "../../common/regions.js";
import { localizeIssue } from "./validation-messages.js";

test("zod's own issues are worded in both languages", () => {
  const issue = z.object({ name: z.string() }).safeParse({ name: 3 }).error!
    .issues[0]!;
  expect(localizeIssue(issue as never, "en-US")).toMatch(
    /^Invalid input: expected string/,
  );
  expect(localizeIssue(issue as never, "zh-CN")).toMatch(/[\u4e00-\u9fff]/);
});

test("messages given as translation keys by shared schemas are worded, never shown raw", () => {
  const issue = regionCodeSchema.safeParse("12").error!.issues[0]!;
  for (const language of ["zh-CN", "en-US"] as const) {
    const message = localizeIssue(issue as never, language);
    expect(message).not.toMatch(/^reference\./);
    expect(message.length).toBeGreaterThan(3);
  }
});

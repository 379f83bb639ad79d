import { describe, expect, test } from "vitest";
import { Code } from "../../common/codes.js";
import { tooManyRequests, waitMessage } from "./errors.js";

describe("waitMessage", () => {
  test("says the wait in whole minutes, rounded up, with the right plural", () => {
    expect(waitMessage(1, "en-US")).toBe(
      "Too many tries. Try again in 1 minute.",
    );
    expect(waitMessage(60, "en-US")).toBe(
      "Too many tries. Try again in 1 minute.",
    );
    expect(waitMessage(61, "en-US")).toBe(
      "Too many tries. Try again in 2 minutes.",
    );
    expect(waitMessage(300, "en-US")).toBe(
      "Too many tries. Try again in 5 minutes.",
    );
    expect(waitMessage(300, "zh-CN")).toBe("尝试过于频繁，请 5 分钟后再试");
  });

  test("tooManyRequests carries the header, the seconds and the message", () => {
    const error = tooManyRequests(89.2, "en-US");
    expect(error.code).toBe(Code.TOO_MANY_REQUESTS);
    expect(error.headers["Retry-After"]).toBe("90");
    expect(error.data).toEqual({ retryAfter: 90 });
    expect(error.envelopeMessage).toBe(
      "Too many tries. Try again in 2 minutes.",
    );
  });
});

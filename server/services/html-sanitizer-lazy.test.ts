import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";

const require = createRequire(import.meta.url);
const sanitizeHtmlPath = require.resolve("sanitize-html");

describe("html-sanitizer's loading", () => {
  it("loads sanitize-html on the first sanitise, not on import, and sanitises that first call", async () => {
    // Node's module cache outlives a test file in a reused worker: start without it, and
    // without a copy of html-sanitizer.js that an earlier file loaded (and may have used).
    delete require.cache[sanitizeHtmlPath];
    vi.resetModules();
    const { sanitizeStoredHtml } = await import("./html-sanitizer.js");
    expect(require.cache[sanitizeHtmlPath]).toBeUndefined();
    expect(
      sanitizeStoredHtml('<p onclick="x()">你好<script>alert(1)</script></p>'),
    ).toBe("<p>你好</p>");
    expect(require.cache[sanitizeHtmlPath]).toBeDefined();
  });
});

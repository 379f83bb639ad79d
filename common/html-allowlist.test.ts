import { describe, expect, it } from "vitest";
import {
  bilibiliEmbedUrl,
  filterStyle,
  isAllowedTag,
  isDropWithContentTag,
  mustDropElement,
  safeIframeSrc,
  safeImageSrc,
  safeLinkHref,
  sanitizeAttributes,
  urlScheme,
} from "./html-allowlist";

describe("URL schemes", () => {
  it("finds the scheme through the tricks browsers ignore", () => {
    expect(urlScheme("JaVaScRiPt:alert(1)")).toBe("javascript");
    expect(urlScheme("jav\tascript:alert(1)")).toBe("javascript");
    expect(urlScheme(" \u000e javascript:alert(1)")).toBe("javascript");
    expect(urlScheme("java\u0000script:x")).toBe("javascript");
    expect(urlScheme("/files/a.png")).toBe("");
    expect(urlScheme("a/b:c")).toBe("");
    // Still encoded (double-encoded input): the "#" starts a fragment, so it is a harmless path.
    expect(urlScheme("&#106;avascript:x")).toBe("");
    expect(urlScheme("java script:x")).toBe("javascript");
    expect(urlScheme("ja%76ascript:x")).toBeNull();
  });

  it("keeps image sources only for http, https, data images and site paths", () => {
    expect(safeImageSrc("https://example.org/a.png")).toBe(
      "https://example.org/a.png",
    );
    expect(safeImageSrc("http://example.org/a.png")).toBe(
      "http://example.org/a.png",
    );
    expect(safeImageSrc("/files/images/2026/01/a.png")).toBe(
      "/files/images/2026/01/a.png",
    );
    expect(safeImageSrc("data:image/png;base64,iVBORw0KGgo=")).toBe(
      "data:image/png;base64,iVBORw0KGgo=",
    );
    for (const bad of [
      "javascript:alert(1)",
      "vbscript:msgbox(1)",
      "jav\nascript:alert(1)",
      "data:image/svg+xml;base64,PHN2Zz4=",
      "data:text/html,<script>alert(1)</script>",
      "ftp://example.org/a.png",
      "file:///etc/passwd",
      "//evil.example/a.png",
      "/\\evil.example/a.png",
      null,
      undefined,
      "",
    ]) {
      expect(safeImageSrc(bad)).toBe("");
    }
  });

  it("keeps links for http, https, mailto, tel and site paths, and mails e-mail addresses", () => {
    expect(safeLinkHref("https://example.org")).toBe("https://example.org");
    expect(safeLinkHref("tel:+861234")).toBe("tel:+861234");
    expect(safeLinkHref("/ask")).toBe("/ask");
    expect(safeLinkHref("someone@example.org")).toBe(
      "mailto:someone@example.org",
    );
    for (const bad of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "",
      null,
    ])
      expect(safeLinkHref(bad)).toBeNull();
  });

  it("keeps iframes only for YouTube embeds over https", () => {
    expect(
      safeIframeSrc("https://www.youtube-nocookie.com/embed/abc_123?start=3"),
    ).not.toBeNull();
    expect(safeIframeSrc("https://www.youtube.com/embed/abc")).not.toBeNull();
    for (const bad of [
      "http://www.youtube.com/embed/abc",
      "https://evil.example/embed/abc",
      "https://www.youtube.com.evil.example/embed/x",
      "https://user@evil.example/embed/x",
      "javascript:alert(1)",
    ])
      expect(safeIframeSrc(bad)).toBeNull();
  });
});

describe("Bilibili embeds", () => {
  it("turns a video page into a player URL, and keeps only player URLs", () => {
    expect(
      bilibiliEmbedUrl("https://www.bilibili.com/video/BV1GJ411x7h7/?spm=x"),
    ).toBe(
      "https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&autoplay=0",
    );
    expect(
      bilibiliEmbedUrl("https://example.org/video/BV1GJ411x7h7"),
    ).toBeNull();
    expect(
      safeIframeSrc(
        "https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&autoplay=0",
      ),
    ).not.toBeNull();
    for (const bad of [
      "http://player.bilibili.com/player.html?bvid=BV1GJ411x7h7",
      "https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&x=<script>",
      "https://player.bilibili.com.evil.example/player.html?bvid=BV1GJ411x7h7",
      "https://player.bilibili.com/other.html?bvid=BV1GJ411x7h7",
    ]) {
      expect(safeIframeSrc(bad)).toBeNull();
    }
  });
});

describe("styles", () => {
  it("keeps allowed declarations in TipTap's spelling", () => {
    expect(filterStyle("color:#ff0000;font-size:18px")).toBe(
      "color: #ff0000; font-size: 18px;",
    );
    expect(filterStyle("text-align: center; position: absolute")).toBe(
      "text-align: center;",
    );
    expect(filterStyle("font-family: KaiTi, 'Kaiti SC', serif")).toBe(
      "font-family: KaiTi, 'Kaiti SC', serif;",
    );
    expect(filterStyle("margin-inline-start: 16em;")).toBe(
      "margin-inline-start: 16em;",
    );
  });
  it("drops values outside the rules", () => {
    expect(filterStyle("font-size: 11px")).toBe("");
    expect(filterStyle("font-size: 34px")).toBe("");
    expect(filterStyle("margin-inline-start: 18em")).toBe("");
    expect(filterStyle("font-family: Papyrus")).toBe("");
  });
  it("drops a whole style that tries to run or fetch anything", () => {
    for (const bad of [
      "color: red; background-image: url(javascript:alert(1))",
      "width: expression(alert(1))",
      "color: re\\64",
      "color: red/**/",
      "behavior: url(x.htc)",
      "color: var(--x)",
    ])
      expect(filterStyle(bad)).toBe("");
  });
});

describe("attributes", () => {
  it("drops event handlers and unknown attributes", () => {
    expect(
      sanitizeAttributes("p", {
        onclick: "x()",
        id: "a",
        class: "b",
        "data-indent": "2",
      }),
    ).toEqual({ "data-indent": "2" });
  });
  it("always leaves an image a src, blank when it is not allowed", () => {
    expect(
      sanitizeAttributes("img", {
        src: "javascript:alert(1)",
        alt: "a",
        onerror: "x",
      }),
    ).toEqual({ src: "", alt: "a" });
    expect(sanitizeAttributes("img", {})).toEqual({ src: "" });
  });
  it("checks enumerated values", () => {
    expect(
      sanitizeAttributes("li", {
        "data-type": "taskItem",
        "data-checked": "maybe",
      }),
    ).toEqual({ "data-type": "taskItem" });
    expect(sanitizeAttributes("p", { dir: "rtl" })).toEqual({ dir: "rtl" });
    expect(sanitizeAttributes("p", { dir: "sideways" })).toEqual({});
    expect(sanitizeAttributes("code", { class: "language-js" })).toEqual({
      class: "language-js",
    });
    expect(sanitizeAttributes("code", { class: "x language-js" })).toEqual({});
  });
  it("drops form controls other than checkboxes, and embeds without a source", () => {
    expect(
      mustDropElement("input", sanitizeAttributes("input", { type: "text" })),
    ).toBe(true);
    expect(
      mustDropElement(
        "input",
        sanitizeAttributes("input", { type: "checkbox" }),
      ),
    ).toBe(false);
    expect(
      mustDropElement(
        "iframe",
        sanitizeAttributes("iframe", { src: "https://evil.example/embed/x" }),
      ),
    ).toBe(true);
    expect(mustDropElement("p", {})).toBe(false);
  });
  it("knows which tags to keep, unwrap or drop", () => {
    expect(isAllowedTag("P")).toBe(true);
    expect(isAllowedTag("table")).toBe(false);
    expect(isDropWithContentTag("script")).toBe(true);
    expect(isDropWithContentTag("table")).toBe(false);
  });
});

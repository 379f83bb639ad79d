import { describe, expect, it, vi } from "vitest";
import { EDITOR_MAX_NORMALISE_ITERATIONS } from "../../common/constants";
import {
  EditorNormaliseError,
  sanitizeEditorHtml,
  textToHtml,
} from "./sanitize-dom";

function elementsOf(html: string): Element[] {
  const doc = new DOMParser().parseFromString(
    `<body>${html}</body>`,
    "text/html",
  );
  return Array.from(doc.body.querySelectorAll("*"));
}

const ATTACKS = [
  `<script>alert(1)</script><p>after</p>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<img src=x onerror="alert(1)">`,
  `<svg/onload=alert('XSS')>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="&#x6A;avascript&colon;alert(1)">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe src="https://evil.example/embed/x"></iframe>`,
  `<div style="background-image: url(javascript:alert(1))">x</div>`,
  `<div style="width: expression(alert(1))">x</div>`,
  `<style>p{color:red}</style><p>x</p>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  `<math><mi//xlink:href="data:x,<script>alert(4)</script>">`,
  `<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>`,
  `<details open ontoggle=alert(1)><summary>x</summary></details>`,
  `<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  `<!--<img src=x onerror=alert(1)>--><p>x</p>`,
  `<input type="text" onfocus="alert(1)" autofocus>`,
];

describe("sanitizeEditorHtml", () => {
  it.each(ATTACKS)("leaves nothing that runs: %s", (payload) => {
    const output = sanitizeEditorHtml(payload);
    expect(output).not.toMatch(
      /<script|<style|<svg|<math|<object|<embed|<meta|<form|<!--/i,
    );
    for (const element of elementsOf(output)) {
      for (const attribute of Array.from(element.attributes)) {
        expect(attribute.name.startsWith("on")).toBe(false);
        if (
          ["href", "src", "action", "formaction", "poster"].includes(
            attribute.name,
          )
        ) {
          expect(attribute.value.replace(/\s/g, "").toLowerCase()).not.toMatch(
            /^(javascript|vbscript|data:text|data:image\/svg)/,
          );
        }
        if (attribute.name === "style")
          expect(attribute.value).not.toMatch(/url\(|expression/i);
      }
    }
  });

  it("blanks a bad image source but keeps the image", () => {
    expect(
      sanitizeEditorHtml(`<p><img src="javascript:alert(1)" alt="x"></p>`),
    ).toBe(`<p><img src="" alt="x"></p>`);
    expect(
      sanitizeEditorHtml(`<p><img src="https://example.org/a.png"></p>`),
    ).toBe(`<p><img src="https://example.org/a.png"></p>`);
  });

  it("keeps what the editor writes", () => {
    const html =
      `<h2 style="text-align: center;">t</h2><p data-indent="2" style="margin-inline-start: 4em;">` +
      `<strong>b</strong> <span style="color: #d32f2f; font-size: 18px;">c</span> <a href="mailto:a@example.org">a@example.org</a></p>` +
      `<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>x</p></div></li></ul>`;
    expect(sanitizeEditorHtml(html)).toBe(html);
  });

  it("unwraps unknown elements and keeps their text", () => {
    expect(
      sanitizeEditorHtml(
        `<table><tr><td>cell</td></tr></table><center>c</center>`,
      ),
    ).toBe(`cellc`);
  });

  it("gives up after the iteration limit instead of looping on", () => {
    const neverSettles = vi.fn((html: string) => `${html}x`);
    expect(() =>
      sanitizeEditorHtml(
        "<p>a</p>",
        EDITOR_MAX_NORMALISE_ITERATIONS,
        neverSettles,
      ),
    ).toThrow(EditorNormaliseError);
    expect(neverSettles).toHaveBeenCalledTimes(EDITOR_MAX_NORMALISE_ITERATIONS);
    expect(EDITOR_MAX_NORMALISE_ITERATIONS).toBe(100);
  });

  it("stops as soon as the output settles", () => {
    const settlesOnSecondPass = vi.fn((html: string) =>
      html.replace("<b>", ""),
    );
    expect(sanitizeEditorHtml("<b><b>x", 100, settlesOnSecondPass)).toBe("x");
    expect(settlesOnSecondPass).toHaveBeenCalledTimes(3);
  });

  it("escapes text turned back into paragraphs", () => {
    expect(textToHtml("a<b>\nc")).toBe("<p>a&lt;b&gt;</p><p>c</p>");
  });
});

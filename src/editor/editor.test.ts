import { Editor } from "@tiptap/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { COLOUR_PALETTE, type FontSizePreset } from "../../common/editor-rules";
import { EDITOR_HIGHLIGHT_INTERVAL_MS } from "../../common/constants";
import {
  buildEditorOptions,
  buildExtensions,
  transformPastedHtml,
} from "./editorOptions";
import { linkHrefFromInput } from "./extensions/SafeLink";
import { insertImageFiles } from "./images";
import { cleanFormatting } from "./toolbar/EditorToolbar";
import { editorValue, htmlForEditor } from "./value";

const editors: Editor[] = [];

function makeEditor(
  content = "",
  preset: FontSizePreset = "article",
  notify = vi.fn(),
) {
  const element = document.createElement("div");
  document.body.append(element);
  const editor = new Editor({
    element,
    extensions: buildExtensions({
      preset,
      placeholder: "Insert text here ...",
      notify,
    }),
    content,
  });
  editors.push(editor);
  return editor;
}

afterEach(() => {
  while (editors.length) editors.pop()?.destroy();
  document.body.innerHTML = "";
  vi.useRealTimers();
});

describe("document value", () => {
  it("reports an empty document as the empty string", () => {
    const editor = makeEditor();
    expect(editor.getHTML()).toBe("<p></p>");
    expect(editorValue(editor)).toBe("");
    editor.commands.insertContent("hello");
    expect(editorValue(editor)).toBe("<p>hello</p>");
    editor.commands.clearContent();
    expect(editorValue(editor)).toBe("");
  });

  it("shows the placeholder on an empty document", () => {
    const editor = makeEditor();
    const paragraph = editor.view.dom.querySelector("p");
    expect(paragraph?.getAttribute("data-placeholder")).toBe(
      "Insert text here ...",
    );
  });
});

describe("images", () => {
  it.each([
    ["javascript:alert(1)", ""],
    ["vbscript:msgbox(1)", ""],
    ["ftp://example.org/a.png", ""],
    ["data:image/svg+xml;base64,PHN2Zz4=", ""],
    ["https://example.org/a.png", "https://example.org/a.png"],
    ["http://example.org/a.gif", "http://example.org/a.gif"],
    [
      "data:image/png;base64,iVBORw0KGgo=",
      "data:image/png;base64,iVBORw0KGgo=",
    ],
  ])("a loaded image with source %s keeps %j", (src, expected) => {
    const editor = makeEditor(`<p><img src="${src}"></p>`);
    expect(editor.getHTML()).toBe(`<p><img src="${expected}"></p>`);
  });

  it("a pasted image with a bad source ends up with a blank source", () => {
    const editor = makeEditor();
    const pasted = transformPastedHtml(
      `<img src="javascript:alert(1)" onerror="alert(2)"><script>alert(3)</script>`,
      vi.fn(),
    );
    editor.commands.insertContent(pasted);
    expect(editor.getHTML()).toBe(`<p><img src=""></p>`);
  });

  it("setImage cannot store a bad scheme either", () => {
    const editor = makeEditor();
    editor.commands.setImage({ src: "javascript:alert(1)" });
    expect(editor.getHTML()).toContain(`<img src="">`);
  });

  it("refuses files that are not png, gif, jpeg, bmp or x-icon, with a message", async () => {
    const editor = makeEditor();
    const notify = vi.fn();
    const webp = new File(
      [
        new Uint8Array([
          0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50,
        ]),
      ],
      "a.webp",
      { type: "image/webp" },
    );
    const fakePng = new File(
      [new TextEncoder().encode("<svg></svg>")],
      "b.png",
      { type: "image/png" },
    );
    expect(await insertImageFiles(editor, [webp, fakePng], { notify })).toBe(0);
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenCalledWith({
      key: "editor.image.bad_type",
      args: { name: "a.webp" },
    });
    expect(editorValue(editor)).toBe("");
  });

  it("uploads accepted files and inserts the returned URL", async () => {
    const editor = makeEditor();
    const png = new File(
      [
        new Uint8Array([
          0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0,
        ]),
      ],
      "a.png",
      { type: "image/png" },
    );
    const upload = vi.fn(async () => "/files/images/2026/11/x.png");
    expect(
      await insertImageFiles(editor, [png], { notify: vi.fn(), upload }),
    ).toBe(1);
    expect(upload).toHaveBeenCalledWith(png);
    expect(editor.getHTML()).toContain(
      `<img src="/files/images/2026/11/x.png" alt="a.png">`,
    );
  });

  it("reports a failed upload", async () => {
    const editor = makeEditor();
    const png = new File(
      [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
      "a.png",
      { type: "image/png" },
    );
    const notify = vi.fn();
    await insertImageFiles(editor, [png], {
      notify,
      upload: async () => Promise.reject(new Error("denied")),
    });
    expect(notify).toHaveBeenCalledWith({
      key: "editor.image.upload_failed",
      args: { name: "a.png", error: "denied" },
    });
  });
});

describe("links", () => {
  it("turns an e-mail address into a mailto: link", () => {
    expect(linkHrefFromInput("someone@example.org")).toBe(
      "mailto:someone@example.org",
    );
    expect(linkHrefFromInput("javascript:alert(1)")).toBeNull();
    const editor = makeEditor(
      `<p><a href="someone@example.org">someone@example.org</a></p>`,
    );
    expect(editor.getHTML()).toContain(`href="mailto:someone@example.org"`);
  });

  it("drops links with a bad scheme but keeps their text", () => {
    const editor = makeEditor(`<p><a href="javascript:alert(1)">click</a></p>`);
    expect(editor.getHTML()).toBe("<p>click</p>");
  });

  it("autolinks a typed e-mail address as mailto:", () => {
    const editor = makeEditor("<p></p>");
    editor.commands.focus("end");
    for (const char of "write to someone@example.org ") {
      const { from, to } = editor.state.selection;
      const handled = editor.view.someProp("handleTextInput", (handler) =>
        handler(editor.view, from, to, char, () =>
          editor.state.tr.insertText(char, from, to),
        ),
      );
      if (!handled)
        editor.view.dispatch(editor.state.tr.insertText(char, from, to));
    }
    expect(editor.getHTML()).toContain(`href="mailto:someone@example.org"`);
  });
});

describe("font sizes", () => {
  it("the article preset keeps 12–32px and drops other sizes", () => {
    const editor = makeEditor(
      `<p><span style="font-size: 10px">a</span><span style="font-size: 32px">b</span></p>`,
      "article",
    );
    expect(editor.getHTML()).not.toContain("10px");
    expect(editor.getHTML()).toContain(
      `<span style="font-size: 32px;">b</span>`,
    );
  });

  it("the compact preset keeps 10px", () => {
    const editor = makeEditor(
      `<p><span style="font-size: 10px">a</span></p>`,
      "compact",
    );
    expect(editor.getHTML()).toBe(
      `<p><span style="font-size: 10px;">a</span></p>`,
    );
  });

  it("sets and unsets a size", () => {
    const editor = makeEditor("<p>text</p>");
    editor.chain().selectAll().setFontSize("24px").run();
    expect(editor.getHTML()).toBe(
      `<p><span style="font-size: 24px;">text</span></p>`,
    );
    editor.chain().selectAll().unsetFontSize().run();
    expect(editor.getHTML()).toBe(`<p>text</p>`);
  });
});

describe("headings", () => {
  it("understands levels 1 to 6", () => {
    const html = "<h1>1</h1><h2>2</h2><h3>3</h3><h4>4</h4><h5>5</h5><h6>6</h6>";
    expect(makeEditor(html).getHTML()).toBe(html);
  });
});

describe("indent", () => {
  it("indents 1 to 8 levels and back", () => {
    const editor = makeEditor("<p>a</p>");
    editor.commands.indent();
    expect(editor.getHTML()).toBe(
      `<p data-indent="1" style="margin-inline-start: 2em;">a</p>`,
    );
    for (let i = 0; i < 10; i++) editor.commands.indent();
    expect(editor.getHTML()).toBe(
      `<p data-indent="8" style="margin-inline-start: 16em;">a</p>`,
    );
    expect(editor.commands.indent()).toBe(false);
    editor.commands.outdent();
    expect(editor.getHTML()).toContain(`data-indent="7"`);
    for (let i = 0; i < 10; i++) editor.commands.outdent();
    expect(editor.getHTML()).toBe("<p>a</p>");
  });

  it("Tab and Shift+Tab indent outside lists", () => {
    const editor = makeEditor("<p>a</p>");
    editor.commands.focus("end");
    const press = (key: string, shiftKey = false) =>
      editor.view.someProp("handleKeyDown", (handler) =>
        handler(editor.view, new KeyboardEvent("keydown", { key, shiftKey })),
      );
    press("Tab");
    expect(editor.getHTML()).toContain(`data-indent="1"`);
    press("Tab", true);
    expect(editor.getHTML()).toBe("<p>a</p>");
  });

  it("ignores indent levels outside 1–8 in loaded HTML", () => {
    expect(makeEditor(`<p data-indent="9">a</p>`).getHTML()).toBe("<p>a</p>");
    expect(makeEditor(`<p data-indent="3">a</p>`).getHTML()).toContain(
      `data-indent="3"`,
    );
  });
});

describe("text direction", () => {
  it("writes dir only where it is set", () => {
    const editor = makeEditor("<p>a</p><p>b</p>");
    editor.commands.setTextSelection(1);
    editor.commands.setTextDirection("rtl");
    expect(editor.getHTML()).toBe(`<p dir="rtl">a</p><p>b</p>`);
    editor.commands.unsetTextDirection();
    expect(editor.getHTML()).toBe(`<p>a</p><p>b</p>`);
  });
});

describe("checked lists", () => {
  const list = `<ul data-type="taskList"><li data-type="taskItem" data-checked="false"><p>todo</p></li></ul>`;

  it("toggles an item between checked and unchecked", () => {
    const editor = makeEditor(list);
    editor.commands.setTextSelection(4);
    editor.commands.toggleTaskChecked();
    expect(editor.getHTML()).toContain(`data-checked="true"`);
    editor.commands.toggleTaskChecked();
    expect(editor.getHTML()).toContain(`data-checked="false"`);
  });

  it("toggles when the checkbox is clicked", () => {
    const editor = makeEditor(list);
    const checkbox = editor.view.dom.querySelector<HTMLInputElement>(
      "input[type=checkbox]",
    );
    expect(checkbox).not.toBeNull();
    checkbox!.click();
    expect(editor.getHTML()).toContain(`data-checked="true"`);
  });
});

describe("formatting", () => {
  it("applies every palette colour as text colour and background", () => {
    expect(COLOUR_PALETTE).toHaveLength(35);
    const editor = makeEditor("<p>x</p>");
    editor
      .chain()
      .selectAll()
      .setColor(COLOUR_PALETTE[8].hex)
      .setBackgroundColor(COLOUR_PALETTE[30].hex)
      .run();
    // The browser spells colours as rgb(); both spellings pass the allowlist.
    expect(editor.getHTML()).toBe(
      `<p><span style="color: rgb(211, 47, 47); background-color: rgb(255, 224, 178);">x</span></p>`,
    );
    expect(COLOUR_PALETTE[8].hex).toBe("#d32f2f");
    expect(COLOUR_PALETTE[30].hex).toBe("#ffe0b2");
  });

  it("keeps bold, italic, underline, strike, sub, sup, quote and lists", () => {
    const html =
      "<blockquote><p><strong>b</strong><em>i</em><u>u</u><s>s</s><sub>2</sub><sup>3</sup></p></blockquote>" +
      "<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>";
    expect(makeEditor(html).getHTML()).toBe(html);
  });

  it("clean removes marks, blocks and indent", () => {
    const editor = makeEditor(
      `<h2 data-indent="2" style="text-align: center"><strong>x</strong></h2>`,
    );
    editor.commands.selectAll();
    cleanFormatting(editor);
    expect(editor.getHTML()).toBe("<p>x</p>");
  });

  it("fonts: only the offered families are kept", () => {
    const editor = makeEditor(
      `<p><span style="font-family: KaiTi, 'Kaiti SC', serif">a</span></p>`,
    );
    expect(editor.getHTML()).toContain("font-family");
  });
});

describe("code blocks", () => {
  it("highlights the language, and re-highlights at most once per interval while typing", () => {
    vi.useFakeTimers();
    const editor = makeEditor(
      `<pre><code class="language-javascript">const a = 1;</code></pre>`,
    );
    expect(editor.view.dom.querySelector(".hljs-keyword")?.textContent).toBe(
      "const",
    );
    editor.commands.setTextSelection(editor.state.doc.content.size - 1);
    editor.commands.insertContent(" let b = 2;");
    const keywords = () =>
      Array.from(editor.view.dom.querySelectorAll(".hljs-keyword")).map(
        (node) => node.textContent,
      );
    expect(keywords()).toEqual(["const"]);
    vi.advanceTimersByTime(EDITOR_HIGHLIGHT_INTERVAL_MS);
    expect(keywords()).toEqual(["const", "let"]);
    expect(editor.getHTML()).toBe(
      `<pre><code class="language-javascript">const a = 1; let b = 2;</code></pre>`,
    );
  });
});

describe("formulas", () => {
  it("stores LaTeX and renders it with KaTeX", () => {
    const editor = makeEditor("<p>E</p>");
    editor.commands.setTextSelection(2);
    editor.commands.insertInlineMath({ latex: "E = mc^2" });
    expect(editor.getHTML()).toBe(
      `<p>E<span data-latex="E = mc^2" data-type="inline-math"></span></p>`,
    );
    expect(editor.view.dom.querySelector(".katex")).not.toBeNull();
  });

  it("does not trust \\href in a formula", () => {
    const editor = makeEditor(
      `<p><span data-type="inline-math" data-latex="\\href{javascript:alert(1)}{x}"></span></p>`,
    );
    expect(editor.view.dom.querySelector("a[href^='javascript']")).toBeNull();
  });
});

describe("video", () => {
  it("embeds YouTube through youtube-nocookie and plain videos with controls", () => {
    const editor = makeEditor();
    editor.commands.setYoutubeVideo({
      src: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(editor.getHTML()).toContain(
      `<div data-youtube-video=""><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0" width="640" height="360" allowfullscreen="true"></iframe></div>`,
    );
    expect(editor.commands.setVideo({ src: "javascript:alert(1)" })).toBe(
      false,
    );
    editor.commands.setVideo({ src: "https://example.org/a.mp4" });
    expect(editor.getHTML()).toContain(
      `<video src="https://example.org/a.mp4" controls="">`,
    );
  });
});

describe("paste", () => {
  it("pasted HTML passes the same allowlist as stored HTML", () => {
    const notify = vi.fn();
    expect(
      transformPastedHtml(
        `<p onclick="x()">a<script>alert(1)</script></p><a href="javascript:x">b</a>`,
        notify,
      ),
    ).toBe(`<p>a</p><a>b</a>`);
    expect(notify).not.toHaveBeenCalled();
  });

  it("the editor options wire the paste transform", () => {
    const notify = vi.fn();
    const options = buildEditorOptions({
      preset: "article",
      placeholder: "p",
      notify,
    });
    const transform = options.editorProps?.transformPastedHTML;
    expect(
      transform?.(`<img src="javascript:alert(1)">`, undefined as never),
    ).toBe(`<img src="">`);
  });

  it("loaded HTML passes it too", () => {
    expect(htmlForEditor(`<p>a<script>x</script></p>`)).toBe("<p>a</p>");
    expect(htmlForEditor(null)).toBe("");
  });
});

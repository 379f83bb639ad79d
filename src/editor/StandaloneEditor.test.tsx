import "@testing-library/jest-dom/vitest";
import {
  act,
  cleanup,
  fireEvent,
  render,
  screen,
  waitFor,
} from "@testing-library/react";
import polyglotI18nProvider from "ra-i18n-polyglot";
import type { TranslationMessages } from "ra-core";
import { I18nContextProvider } from "ra-core";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import EditorPlayground from "./EditorPlayground";
import { LazyStandaloneEditor } from "./LazyRichTextInput";
import { editorMessages } from "./messages";
import { StandaloneEditor } from "./StandaloneEditor";

type Locale = "zh-CN" | "en-US";

function withI18n(ui: React.ReactNode, locale: Locale = "en-US") {
  const i18nProvider = polyglotI18nProvider(
    (lang) => editorMessages[lang as Locale] as TranslationMessages,
    locale,
    [
      { locale: "zh-CN", name: "中文" },
      { locale: "en-US", name: "English" },
    ],
  );
  return render(
    <I18nContextProvider value={i18nProvider}>{ui}</I18nContextProvider>,
  );
}

function Controlled({
  initial = "",
  onValue,
}: {
  initial?: string;
  onValue?: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <StandaloneEditor
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
        ariaLabel="body"
      />
      <pre data-testid="value">{value}</pre>
    </>
  );
}

afterEach(() => cleanup());

const TOOLBAR_BUTTONS = [
  "undo",
  "redo",
  "bold",
  "italic",
  "underline",
  "strike",
  "color",
  "background",
  "subscript",
  "superscript",
  "blockquote",
  "code-block",
  "bullet-list",
  "ordered-list",
  "task-list",
  "outdent",
  "indent",
  "direction",
  "align-left",
  "align-center",
  "align-right",
  "align-justify",
  "clean",
  "link",
  "image",
  "video",
  "formula",
];

describe("StandaloneEditor toolbar", () => {
  it.each(["en-US", "zh-CN"] as const)(
    "labels every item in %s",
    async (locale) => {
      withI18n(<Controlled />, locale);
      const toolbar = await screen.findByRole("toolbar");
      for (const name of TOOLBAR_BUTTONS) {
        const button = toolbar.querySelector(`[data-toolbar="${name}"]`);
        expect(button, name).not.toBeNull();
        const label = button!.getAttribute("aria-label") ?? "";
        expect(label, name).not.toBe("");
        expect(label, name).not.toMatch(/^editor\./);
      }
      for (const select of ["heading", "size", "font"]) {
        const input = toolbar.querySelector(`[data-toolbar="${select}"]`);
        expect(input, select).not.toBeNull();
      }
      const placeholder = document
        .querySelector(".ProseMirror p")
        ?.getAttribute("data-placeholder");
      expect(placeholder).toBe(
        locale === "en-US" ? "Insert text here ..." : "在此插入文本 ...",
      );
    },
  );

  it("bold applies to the selection and the value follows", async () => {
    const onValue = vi.fn();
    withI18n(<Controlled initial="<p>hello</p>" onValue={onValue} />);
    const toolbar = await screen.findByRole("toolbar");
    const editorElement = document.querySelector(
      ".ProseMirror",
    ) as HTMLElement & { editor: import("@tiptap/core").Editor };
    await waitFor(() => expect(editorElement.editor).toBeDefined());
    act(() => {
      editorElement.editor.commands.selectAll();
    });
    fireEvent.click(toolbar.querySelector('[data-toolbar="bold"]')!);
    await waitFor(() =>
      expect(screen.getByTestId("value").textContent).toBe(
        "<p><strong>hello</strong></p>",
      ),
    );
    expect(
      toolbar
        .querySelector('[data-toolbar="bold"]')
        ?.getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("keeps the tick-item button in place, disabled outside a checked list", async () => {
    withI18n(<Controlled initial="<p>hello</p>" />);
    const toolbar = await screen.findByRole("toolbar");
    const editorElement = (await waitFor(() => {
      const element = document.querySelector(".ProseMirror") as
        (HTMLElement & { editor?: import("@tiptap/core").Editor }) | null;
      expect(element?.editor).toBeDefined();
      return element!;
    })) as HTMLElement & { editor: import("@tiptap/core").Editor };
    const order = () =>
      [...toolbar.querySelectorAll("[data-toolbar]")].map((element) =>
        element.getAttribute("data-toolbar"),
      );
    const before = order();
    const toggle = () =>
      toolbar.querySelector<HTMLButtonElement>(
        '[data-toolbar="toggle-checked"]',
      );
    // present before any checked list exists, so nothing moves when one appears
    expect(toggle()).not.toBeNull();
    expect(toggle()).toBeDisabled();
    act(() => {
      editorElement.editor.commands.toggleTaskList();
    });
    await waitFor(() => expect(toggle()).toBeEnabled());
    expect(order()).toEqual(before);
    expect(toggle()).toHaveAttribute("aria-pressed", "false");
  });

  it("reports an empty document as an empty value", async () => {
    const onValue = vi.fn();
    withI18n(<Controlled initial="<p>x</p>" onValue={onValue} />);
    const editorElement = (await waitFor(() => {
      const element = document.querySelector(".ProseMirror") as
        (HTMLElement & { editor?: import("@tiptap/core").Editor }) | null;
      expect(element?.editor).toBeDefined();
      return element!;
    })) as HTMLElement & { editor: import("@tiptap/core").Editor };
    act(() => {
      editorElement.editor.commands.clearContent(true);
    });
    await waitFor(() => expect(onValue).toHaveBeenLastCalledWith(""));
    expect(screen.getByTestId("value").textContent).toBe("");
  });

  it("refuses a picked file of the wrong type with a clear message", async () => {
    withI18n(<Controlled />);
    const toolbar = await screen.findByRole("toolbar");
    fireEvent.click(toolbar.querySelector('[data-toolbar="image"]')!);
    const fileInput = (await waitFor(() => {
      const input = document.querySelector('input[data-field="image-file"]');
      expect(input).not.toBeNull();
      return input;
    })) as HTMLInputElement;
    expect(fileInput.accept).toContain("image/png");
    const svg = new File(
      ['<svg xmlns="http://www.w3.org/2000/svg"/>'],
      "logo.svg",
      { type: "image/svg+xml" },
    );
    fireEvent.change(fileInput, { target: { files: [svg] } });
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toBe(
      '"logo.svg" cannot be used: images must be PNG, GIF, JPEG, BMP or ICO',
    );
  });

  it("sanitises a value given from outside before showing it", async () => {
    withI18n(
      <Controlled
        initial={`<p>a</p><img src="javascript:alert(1)"><script>alert(2)</script>`}
      />,
    );
    await screen.findByRole("toolbar");
    const editorElement = document.querySelector(".ProseMirror")!;
    // ProseMirror adds separator <img>s around inline images; look at the content image.
    const contentImage = () =>
      editorElement.querySelector("img:not(.ProseMirror-separator)");
    await waitFor(() => expect(contentImage()).not.toBeNull());
    expect(contentImage()!.getAttribute("src")).toBe("");
    expect(editorElement.innerHTML).not.toContain("script");
  });
});

describe("lazy loading", () => {
  it("shows a placeholder, then the editor", async () => {
    withI18n(
      <LazyStandaloneEditor value="<p>lazy</p>" onChange={() => undefined} />,
    );
    await waitFor(
      () =>
        expect(document.querySelector(".ProseMirror")?.textContent).toBe(
          "lazy",
        ),
      { timeout: 10000 },
    );
  });
});

describe("EditorPlayground", () => {
  it("shows the editor and its value under #editor-value", async () => {
    withI18n(<EditorPlayground />, "zh-CN");
    await screen.findByRole("toolbar");
    const value = document.getElementById("editor-value");
    expect(value).not.toBeNull();
    expect(value!.textContent).toBe("");
    const editorElement = (await waitFor(() => {
      const element = document.querySelector(".ProseMirror") as
        (HTMLElement & { editor?: import("@tiptap/core").Editor }) | null;
      expect(element?.editor).toBeDefined();
      return element!;
    })) as HTMLElement & { editor: import("@tiptap/core").Editor };
    act(() => {
      editorElement.editor.commands.insertContent("你好");
    });
    await waitFor(() =>
      expect(document.getElementById("editor-value")!.textContent).toBe(
        "<p>你好</p>",
      ),
    );
  });
});

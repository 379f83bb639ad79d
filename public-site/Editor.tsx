import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from "react";
import { useSite } from "./context";

/**
 * The members' rich-text editor: paragraphs, bold, italic, lists, quotes and links, all
 * kept by the shared allowlist (common/html-allowlist.ts); the server sanitises whatever
 * arrives again. Lazily loaded: reading a question never downloads it.
 */
/** The element around the caret, if the caret is inside `area`. */
function caretElement(area: HTMLElement): Element | null {
  const node = window.getSelection()?.anchorNode ?? null;
  const element =
    node instanceof Element ? node : (node?.parentElement ?? null);
  return element && area.contains(element) ? element : null;
}

/** The quote the caret is in, if any. */
function quoteAtCaret(area: HTMLElement): HTMLElement | null {
  const quote = caretElement(area)?.closest("blockquote") ?? null;
  return quote && area.contains(quote) ? quote : null;
}

function placeCaret(node: Node, offset: number) {
  const range = document.createRange();
  range.setStart(node, offset);
  range.collapse(true);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** Where the caret is, counted in characters of text from the start of `area`. */
function caretTextOffset(area: HTMLElement): number | null {
  const selection = window.getSelection();
  if (!selection?.rangeCount) return null;
  const range = selection.getRangeAt(0);
  if (!area.contains(range.startContainer)) return null;
  const before = document.createRange();
  before.selectNodeContents(area);
  before.setEnd(range.startContainer, range.startOffset);
  return before.toString().length;
}

/** Puts the caret `offset` characters into `area`'s text, at the end of a text node. */
function placeCaretAtText(area: HTMLElement, offset: number) {
  const walker = document.createTreeWalker(area, NodeFilter.SHOW_TEXT);
  let left = offset;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const length = node.textContent?.length ?? 0;
    if (left <= length) return placeCaret(node, left);
    left -= length;
  }
}

const isBlock = (node: Node) =>
  node instanceof HTMLElement &&
  /^(P|DIV|UL|OL|BLOCKQUOTE|H[1-6]|PRE)$/.test(node.tagName);

/**
 * Takes a quote away and keeps its lines where they were: blocks move out as they are,
 * loose text becomes a paragraph. The caret stays in the same text.
 */
function unwrapQuote(quote: HTMLElement) {
  const selection = window.getSelection();
  const range = selection?.rangeCount ? selection.getRangeAt(0) : null;
  const caret = range
    ? ([range.startContainer, range.startOffset] as const)
    : null;
  let paragraph: HTMLElement | null = null;
  for (const child of Array.from(quote.childNodes)) {
    if (isBlock(child)) {
      paragraph = null;
      quote.before(child);
    } else {
      if (!paragraph) {
        paragraph = document.createElement("p");
        quote.before(paragraph);
      }
      paragraph.append(child);
    }
  }
  quote.remove();
  if (caret && caret[0] !== quote && caret[0].isConnected)
    placeCaret(caret[0], caret[1]);
}

/** Whether a line holds nothing a reader would see (empty, or only a line break). */
const isEmptyLine = (element: Element) =>
  (element.textContent ?? "") === "" && !element.querySelector("img");

/**
 * Enter on an empty line of a quote leaves the quote: the empty line goes, and a new
 * paragraph follows the quote with the caret in it. Answers whether it did.
 */
function leaveQuote(area: HTMLElement): boolean {
  const quote = quoteAtCaret(area);
  const at = caretElement(area);
  if (!quote || !at) return false;
  const line = at === quote ? null : at.closest("blockquote > *");
  if (line ? !isEmptyLine(line) : !isEmptyLine(quote)) {
    // The caret right after a trailing <br> in loose quote text is an empty line too.
    const selection = window.getSelection()!;
    const before = selection.anchorNode?.childNodes[selection.anchorOffset - 1];
    const after = selection.anchorNode?.childNodes[selection.anchorOffset];
    if (
      line ||
      selection.anchorNode !== quote ||
      !(before instanceof HTMLBRElement) ||
      (after && !(after instanceof HTMLBRElement))
    )
      return false;
    before.remove();
    if (after instanceof HTMLBRElement) after.remove();
  } else if (line) {
    line.remove();
  }
  const paragraph = document.createElement("p");
  paragraph.append(document.createElement("br"));
  quote.after(paragraph);
  if (isEmptyLine(quote)) quote.remove();
  placeCaret(paragraph, 0);
  return true;
}

export default function Editor({
  label,
  onChange,
  initialHtml,
}: {
  label: string;
  onChange: (html: string) => void;
  /** What an edit starts from: the post as stored, already sanitised by the server. */
  initialHtml?: string;
}) {
  const { t } = useSite();
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (area.current && initialHtml) area.current.innerHTML = initialHtml;
    // Only the first value: later ones come from the member's own typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The member's caret, kept while the focus is on the toolbar (reached by keyboard), so a
  // command applies where they were typing, never at the start of the text.
  const caret = useRef<Range | null>(null);
  useEffect(() => {
    const remember = () => {
      const selection = window.getSelection();
      if (
        selection?.rangeCount &&
        area.current?.contains(selection.getRangeAt(0).startContainer)
      )
        caret.current = selection.getRangeAt(0).cloneRange();
    };
    document.addEventListener("selectionchange", remember);
    return () => document.removeEventListener("selectionchange", remember);
  }, []);
  const changed = () => onChange(area.current?.innerHTML ?? "");
  const focusAtCaret = () => {
    const editing = area.current;
    if (!editing) return;
    const selection = window.getSelection();
    const inside =
      selection?.rangeCount &&
      editing.contains(selection.getRangeAt(0).startContainer);
    editing.focus();
    if (
      !inside &&
      caret.current &&
      editing.contains(caret.current.startContainer)
    ) {
      selection?.removeAllRanges();
      selection?.addRange(caret.current);
    }
  };
  const run = (command: string, value?: string) => {
    focusAtCaret();
    document.execCommand(command, false, value);
    changed();
  };
  // Chromium rebuilds the text a list or a quote wraps and leaves the caret at the start,
  // so the next words land before the old ones: put it back at the same character.
  const runBlock = (command: string, value?: string) => {
    focusAtCaret();
    const editing = area.current;
    // Only a caret in text can jump; on an empty line there is nothing to keep.
    const inText =
      window.getSelection()?.anchorNode?.nodeType === Node.TEXT_NODE;
    const at = editing && inText ? caretTextOffset(editing) : null;
    document.execCommand(command, false, value);
    if (editing && at !== null) placeCaretAtText(editing, at);
    changed();
  };
  // The quote button toggles: in a quote it takes the quote away.
  const quote = () => {
    focusAtCaret();
    const around = area.current && quoteAtCaret(area.current);
    if (around) {
      unwrapQuote(around);
      changed();
    } else runBlock("formatBlock", "blockquote");
  };
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (
      event.key === "Enter" &&
      !event.shiftKey &&
      !event.nativeEvent.isComposing &&
      area.current &&
      leaveQuote(area.current)
    ) {
      event.preventDefault();
      changed();
    }
  };
  // A toolbar button pressed with the mouse keeps the focus (and the caret) in the text.
  const keepFocus = (event: MouseEvent) => event.preventDefault();
  const link = () => {
    const href = window.prompt(t("editor.link_prompt"), "https://");
    if (href && /^https?:\/\//i.test(href)) run("createLink", href);
  };
  return (
    <div className="editor">
      <div
        role="toolbar"
        aria-label={t("editor.toolbar")}
        className="editor-toolbar"
      >
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => run("bold")}
        >
          {t("editor.bold")}
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => run("italic")}
        >
          {t("editor.italic")}
        </button>
        <button
          type="button"
          onMouseDown={keepFocus}
          onClick={() => runBlock("insertUnorderedList")}
        >
          {t("editor.list")}
        </button>
        <button type="button" onMouseDown={keepFocus} onClick={quote}>
          {t("editor.quote")}
        </button>
        <button type="button" onMouseDown={keepFocus} onClick={link}>
          {t("editor.link")}
        </button>
      </div>
      <div
        ref={area}
        className="editor-area"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        onInput={changed}
        onKeyDown={keyDown}
      />
    </div>
  );
}

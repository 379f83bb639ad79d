import { useEffect, useRef } from "react";
import { useSite } from "./context";

/**
 * The members' rich-text editor: paragraphs, bold, italic, lists, quotes and links, all
 * kept by the shared allowlist (common/html-allowlist.ts); the server sanitises whatever
 * arrives again. Lazily loaded: reading a question never downloads it.
 */
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
  const run = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    onChange(area.current?.innerHTML ?? "");
  };
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
        <button type="button" onClick={() => run("bold")}>
          {t("editor.bold")}
        </button>
        <button type="button" onClick={() => run("italic")}>
          {t("editor.italic")}
        </button>
        <button type="button" onClick={() => run("insertUnorderedList")}>
          {t("editor.list")}
        </button>
        <button type="button" onClick={() => run("formatBlock", "blockquote")}>
          {t("editor.quote")}
        </button>
        <button type="button" onClick={link}>
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
        onInput={() => onChange(area.current?.innerHTML ?? "")}
      />
    </div>
  );
}

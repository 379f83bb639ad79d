import { EditorContent, useEditor } from "@tiptap/react";
import { TiptapEditorProvider } from "ra-input-rich-text";
import { useEffect, useRef } from "react";
import { EditorFrame } from "./EditorFrame";
import { EditorUiContext } from "./EditorUiContext";
import { EditorToolbar } from "./toolbar/EditorToolbar";
import { useEditorSetup, type EditorSetupProps } from "./useEditorSetup";
import { editorValue, htmlForEditor } from "./value";

export interface StandaloneEditorProps extends EditorSetupProps {
  /** The HTML value; "" for an empty document. */
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
  /** Labels the editing area for assistive technology. */
  ariaLabel?: string;
  id?: string;
}

/**
 * The same editor outside a react-admin form (the /test/test page, dialogs, the public
 * site's answer form if it ever wants it). Controlled: `value` in, `onChange` out.
 */
export function StandaloneEditor({
  value,
  onChange,
  readOnly = false,
  ariaLabel,
  id,
  ...setupProps
}: StandaloneEditorProps) {
  const setup = useEditorSetup(setupProps);
  const { notify } = setup.ui;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lastEmitted = useRef<string | null>(null);

  const editor = useEditor(
    {
      ...setup.editorOptions,
      editable: !readOnly,
      content: htmlForEditor(value),
      editorProps: {
        ...setup.editorOptions.editorProps,
        attributes: {
          ...(id ? { id } : {}),
          ...(ariaLabel ? { "aria-label": ariaLabel } : {}),
          "aria-multiline": "true",
          role: "textbox",
        },
      },
      onUpdate: ({ editor: updated }) => {
        const next = editorValue(updated);
        lastEmitted.current = next;
        onChangeRef.current(next);
      },
    },
    [setup.editorOptions, readOnly],
  );

  // A value from outside (not the one just emitted) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === lastEmitted.current) return;
    const html = htmlForEditor(value, (error) =>
      notify({
        key: "editor.error.normalise",
        args: { iterations: error.iterations },
      }),
    );
    if (html !== editorValue(editor))
      editor.commands.setContent(html, { emitUpdate: false });
    lastEmitted.current = value;
  }, [editor, value, notify]);

  return (
    <EditorUiContext.Provider value={setup.ui}>
      <EditorFrame preset={setup.ui.preset} notice={setup.notice}>
        <TiptapEditorProvider value={editor}>
          <EditorToolbar />
          <EditorContent editor={editor} />
        </TiptapEditorProvider>
      </EditorFrame>
    </EditorUiContext.Provider>
  );
}

export default StandaloneEditor;

import {
  RichTextInput as RaRichTextInput,
  type RichTextInputProps as RaRichTextInputProps,
} from "ra-input-rich-text";
import { useCallback } from "react";
import { EditorFrame } from "./EditorFrame";
import { EditorUiContext } from "./EditorUiContext";
import { EditorToolbar } from "./toolbar/EditorToolbar";
import { uploadImageToServer } from "./upload";
import { useEditorSetup, type EditorSetupProps } from "./useEditorSetup";
import { htmlForEditor } from "./value";

export type RichTextInputProps = Omit<
  RaRichTextInputProps,
  "editorOptions" | "toolbar"
> &
  EditorSetupProps;

/**
 * The admin's rich-text input: ra-input-rich-text's RichTextInput with every rule of spec
 * section 5. `preset` picks the font sizes ("article" or "compact"). Images are uploaded
 * to POST /tjc/files/images unless another `uploadImage` is given.
 */
export function RichTextInput({
  preset = "article",
  headingLevels,
  uploadImage = uploadImageToServer,
  ...props
}: RichTextInputProps) {
  const setup = useEditorSetup({ preset, headingLevels, uploadImage });
  const { notify } = setup.ui;
  const format = useCallback(
    (value: unknown) =>
      htmlForEditor(value, (error) =>
        notify({
          key: "editor.error.normalise",
          args: { iterations: error.iterations },
        }),
      ),
    [notify],
  );
  // react-admin turns "" into null by default; the spec wants "" for an empty document.
  const parse = useCallback(
    (value: unknown) => (typeof value === "string" ? value : ""),
    [],
  );

  return (
    <EditorUiContext.Provider value={setup.ui}>
      <EditorFrame preset={preset} notice={setup.notice}>
        <RaRichTextInput
          {...props}
          format={format}
          parse={parse}
          editorOptions={setup.editorOptions}
          toolbar={<EditorToolbar />}
        />
      </EditorFrame>
    </EditorUiContext.Provider>
  );
}

export default RichTextInput;

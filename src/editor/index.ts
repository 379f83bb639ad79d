/** The editor's public surface. Import the lazy wrappers from screens to keep the first bundle small. */
export { LazyRichTextInput, LazyStandaloneEditor } from "./LazyRichTextInput";
export type {
  RichTextInputProps,
  StandaloneEditorProps,
} from "./LazyRichTextInput";
export { editorMessages } from "./messages";

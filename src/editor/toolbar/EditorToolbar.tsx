import { Box, Divider } from "@mui/material";
import CheckBoxIcon from "@mui/icons-material/CheckBox";
import ChecklistIcon from "@mui/icons-material/Checklist";
import DataObjectIcon from "@mui/icons-material/DataObject";
import FontDownloadIcon from "@mui/icons-material/FontDownload";
import FormatAlignCenterIcon from "@mui/icons-material/FormatAlignCenter";
import FormatAlignJustifyIcon from "@mui/icons-material/FormatAlignJustify";
import FormatAlignLeftIcon from "@mui/icons-material/FormatAlignLeft";
import FormatAlignRightIcon from "@mui/icons-material/FormatAlignRight";
import FormatBoldIcon from "@mui/icons-material/FormatBold";
import FormatClearIcon from "@mui/icons-material/FormatClear";
import FormatColorTextIcon from "@mui/icons-material/FormatColorText";
import FormatIndentDecreaseIcon from "@mui/icons-material/FormatIndentDecrease";
import FormatIndentIncreaseIcon from "@mui/icons-material/FormatIndentIncrease";
import FormatItalicIcon from "@mui/icons-material/FormatItalic";
import FormatListBulletedIcon from "@mui/icons-material/FormatListBulleted";
import FormatListNumberedIcon from "@mui/icons-material/FormatListNumbered";
import FormatQuoteIcon from "@mui/icons-material/FormatQuote";
import FormatStrikethroughIcon from "@mui/icons-material/FormatStrikethrough";
import FormatTextdirectionRToLIcon from "@mui/icons-material/FormatTextdirectionRToL";
import FormatUnderlinedIcon from "@mui/icons-material/FormatUnderlined";
import FunctionsIcon from "@mui/icons-material/Functions";
import ImageIcon from "@mui/icons-material/Image";
import InsertLinkIcon from "@mui/icons-material/InsertLink";
import RedoIcon from "@mui/icons-material/Redo";
import SubscriptIcon from "@mui/icons-material/Subscript";
import SuperscriptIcon from "@mui/icons-material/Superscript";
import UndoIcon from "@mui/icons-material/Undo";
import VideocamIcon from "@mui/icons-material/Videocam";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { TiptapEditorContext } from "ra-input-rich-text";
import { useTranslate } from "ra-core";
import { useContext, useState } from "react";
import { useEditorUi } from "../EditorUiContext";
import { ColourPicker } from "./ColourPicker";
import {
  FormulaDialog,
  ImageDialog,
  LinkDialog,
  VideoDialog,
  type InsertDialogKind,
} from "./InsertDialogs";
import {
  BlockTypeSelect,
  CodeLanguageSelect,
  FontFamilySelect,
  FontSizeSelect,
} from "./Selects";
import { ToolbarButton } from "./ToolbarButton";

/** Removes every inline format and block attribute of the selection (Quill's "clean"). */
export function cleanFormatting(editor: Editor): boolean {
  return editor
    .chain()
    .focus()
    .unsetAllMarks()
    .clearNodes()
    .resetAttributes("paragraph", ["indent", "textAlign", "dir"])
    .resetAttributes("heading", ["indent", "textAlign", "dir"])
    .run();
}

function useActiveFormats(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      blockquote: e.isActive("blockquote"),
      codeBlock: e.isActive("codeBlock"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      taskList: e.isActive("taskList"),
      taskItemChecked: e.isActive("taskItem")
        ? Boolean(e.getAttributes("taskItem").checked)
        : null,
      subscript: e.isActive("subscript"),
      superscript: e.isActive("superscript"),
      rtl:
        e.getAttributes("paragraph").dir === "rtl" ||
        e.getAttributes("heading").dir === "rtl",
      align:
        (["left", "center", "right", "justify"] as const).find((align) =>
          e.isActive({ textAlign: align }),
        ) ?? null,
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      editable: e.isEditable,
    }),
  });
}

const Separator = () => (
  <Divider orientation="vertical" flexItem sx={{ mx: 0.5, my: 0.5 }} />
);

/** The editor's toolbar: every item of spec section 5. */
export function EditorToolbar() {
  const editor = useContext(TiptapEditorContext) as Editor | null;
  if (!editor) return null;
  return <ToolbarItems editor={editor} />;
}

function ToolbarItems({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const ui = useEditorUi();
  const state = useActiveFormats(editor);
  const [dialog, setDialog] = useState<InsertDialogKind>(null);
  const label = (key: string) => translate(`editor.toolbar.${key}`);
  const run =
    (
      command: (
        chain: ReturnType<Editor["chain"]>,
      ) => ReturnType<Editor["chain"]>,
    ) =>
    () =>
      command(editor.chain().focus()).run();
  const disabled = !state.editable;

  return (
    <Box
      role="toolbar"
      aria-label={label("label")}
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 0.25,
        mb: 1,
      }}
      className="LampstandEditor-toolbar"
    >
      <ToolbarButton
        name="undo"
        label={label("undo")}
        icon={<UndoIcon fontSize="inherit" />}
        disabled={disabled || !state.canUndo}
        onClick={run((c) => c.undo())}
      />
      <ToolbarButton
        name="redo"
        label={label("redo")}
        icon={<RedoIcon fontSize="inherit" />}
        disabled={disabled || !state.canRedo}
        onClick={run((c) => c.redo())}
      />
      <Separator />
      <BlockTypeSelect editor={editor} />
      <FontSizeSelect editor={editor} />
      <FontFamilySelect editor={editor} />
      <Separator />
      <ToolbarButton
        name="bold"
        label={label("bold")}
        icon={<FormatBoldIcon fontSize="inherit" />}
        active={state.bold}
        disabled={disabled}
        onClick={run((c) => c.toggleBold())}
      />
      <ToolbarButton
        name="italic"
        label={label("italic")}
        icon={<FormatItalicIcon fontSize="inherit" />}
        active={state.italic}
        disabled={disabled}
        onClick={run((c) => c.toggleItalic())}
      />
      <ToolbarButton
        name="underline"
        label={label("underline")}
        icon={<FormatUnderlinedIcon fontSize="inherit" />}
        active={state.underline}
        disabled={disabled}
        onClick={run((c) => c.toggleUnderline())}
      />
      <ToolbarButton
        name="strike"
        label={label("strike")}
        icon={<FormatStrikethroughIcon fontSize="inherit" />}
        active={state.strike}
        disabled={disabled}
        onClick={run((c) => c.toggleStrike())}
      />
      <ColourPicker
        editor={editor}
        kind="color"
        icon={<FormatColorTextIcon fontSize="inherit" />}
      />
      <ColourPicker
        editor={editor}
        kind="background"
        icon={<FontDownloadIcon fontSize="inherit" />}
      />
      <ToolbarButton
        name="subscript"
        label={label("subscript")}
        icon={<SubscriptIcon fontSize="inherit" />}
        active={state.subscript}
        disabled={disabled}
        onClick={run((c) => c.toggleSubscript())}
      />
      <ToolbarButton
        name="superscript"
        label={label("superscript")}
        icon={<SuperscriptIcon fontSize="inherit" />}
        active={state.superscript}
        disabled={disabled}
        onClick={run((c) => c.toggleSuperscript())}
      />
      <Separator />
      <ToolbarButton
        name="blockquote"
        label={label("blockquote")}
        icon={<FormatQuoteIcon fontSize="inherit" />}
        active={state.blockquote}
        disabled={disabled}
        onClick={run((c) => c.toggleBlockquote())}
      />
      <ToolbarButton
        name="code-block"
        label={label("code_block")}
        icon={<DataObjectIcon fontSize="inherit" />}
        active={state.codeBlock}
        disabled={disabled}
        onClick={run((c) => c.toggleCodeBlock())}
      />
      <CodeLanguageSelect editor={editor} />
      <Separator />
      <ToolbarButton
        name="bullet-list"
        label={label("bullet_list")}
        icon={<FormatListBulletedIcon fontSize="inherit" />}
        active={state.bulletList}
        disabled={disabled}
        onClick={run((c) => c.toggleBulletList())}
      />
      <ToolbarButton
        name="ordered-list"
        label={label("ordered_list")}
        icon={<FormatListNumberedIcon fontSize="inherit" />}
        active={state.orderedList}
        disabled={disabled}
        onClick={run((c) => c.toggleOrderedList())}
      />
      <ToolbarButton
        name="task-list"
        label={label("task_list")}
        icon={<ChecklistIcon fontSize="inherit" />}
        active={state.taskList}
        disabled={disabled}
        onClick={run((c) => c.toggleTaskList())}
      />
      {/* Always present, disabled outside a checked-list item: appearing only there made
          every later button jump when the cursor moved into a list. */}
      <ToolbarButton
        name="toggle-checked"
        label={label("toggle_checked")}
        icon={<CheckBoxIcon fontSize="inherit" />}
        active={state.taskItemChecked ?? false}
        disabled={disabled || state.taskItemChecked === null}
        onClick={run((c) => c.toggleTaskChecked())}
      />
      <ToolbarButton
        name="outdent"
        label={label("outdent")}
        icon={<FormatIndentDecreaseIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={run((c) => c.outdent())}
      />
      <ToolbarButton
        name="indent"
        label={label("indent")}
        icon={<FormatIndentIncreaseIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={run((c) => c.indent())}
      />
      <ToolbarButton
        name="direction"
        label={label("direction")}
        icon={<FormatTextdirectionRToLIcon fontSize="inherit" />}
        active={state.rtl}
        disabled={disabled}
        onClick={run((c) =>
          state.rtl ? c.unsetTextDirection() : c.setTextDirection("rtl"),
        )}
      />
      <Separator />
      <ToolbarButton
        name="align-left"
        label={label("align_left")}
        icon={<FormatAlignLeftIcon fontSize="inherit" />}
        active={state.align === "left"}
        disabled={disabled}
        onClick={run((c) => c.setTextAlign("left"))}
      />
      <ToolbarButton
        name="align-center"
        label={label("align_center")}
        icon={<FormatAlignCenterIcon fontSize="inherit" />}
        active={state.align === "center"}
        disabled={disabled}
        onClick={run((c) => c.setTextAlign("center"))}
      />
      <ToolbarButton
        name="align-right"
        label={label("align_right")}
        icon={<FormatAlignRightIcon fontSize="inherit" />}
        active={state.align === "right"}
        disabled={disabled}
        onClick={run((c) => c.setTextAlign("right"))}
      />
      <ToolbarButton
        name="align-justify"
        label={label("align_justify")}
        icon={<FormatAlignJustifyIcon fontSize="inherit" />}
        active={state.align === "justify"}
        disabled={disabled}
        onClick={run((c) => c.setTextAlign("justify"))}
      />
      <ToolbarButton
        name="clean"
        label={label("clean")}
        icon={<FormatClearIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={() => cleanFormatting(editor)}
      />
      <Separator />
      <ToolbarButton
        name="link"
        label={label("link")}
        icon={<InsertLinkIcon fontSize="inherit" />}
        active={state.link}
        disabled={disabled}
        onClick={() => setDialog("link")}
      />
      <ToolbarButton
        name="image"
        label={label("image")}
        icon={<ImageIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={() => setDialog("image")}
      />
      <ToolbarButton
        name="video"
        label={label("video")}
        icon={<VideocamIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={() => setDialog("video")}
      />
      <ToolbarButton
        name="formula"
        label={label("formula")}
        icon={<FunctionsIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={() => ui.openFormula()}
      />

      <LinkDialog
        editor={editor}
        open={dialog === "link"}
        onClose={() => setDialog(null)}
      />
      <ImageDialog
        editor={editor}
        open={dialog === "image"}
        onClose={() => setDialog(null)}
      />
      <VideoDialog
        editor={editor}
        open={dialog === "video"}
        onClose={() => setDialog(null)}
      />
      <FormulaDialog
        key={
          ui.formula.request
            ? `${ui.formula.request.kind}-${ui.formula.request.pos}`
            : "new"
        }
        editor={editor}
        open={ui.formula.open}
        request={ui.formula.request}
        onClose={ui.closeFormula}
      />
    </Box>
  );
}

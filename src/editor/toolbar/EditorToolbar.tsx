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

type Formats = ReturnType<typeof useActiveFormats>;
type Chain = ReturnType<Editor["chain"]>;

/** A button that runs one editor command; its state is read from the active formats. */
interface CommandButton {
  name: string;
  /** Its label's key under editor.toolbar. */
  key: string;
  Icon: typeof UndoIcon;
  active?: (state: Formats) => boolean;
  /** Disabled beyond a read-only editor. */
  off?: (state: Formats) => boolean;
  command: (chain: Chain, state: Formats) => Chain;
}

const HISTORY: CommandButton[] = [
  {
    name: "undo",
    key: "undo",
    Icon: UndoIcon,
    off: (s) => !s.canUndo,
    command: (c) => c.undo(),
  },
  {
    name: "redo",
    key: "redo",
    Icon: RedoIcon,
    off: (s) => !s.canRedo,
    command: (c) => c.redo(),
  },
];
type Toggle = {
  [K in keyof Formats]: Formats[K] extends boolean ? K : never;
}[keyof Formats];

/**
 * A button that toggles one format: named after it in kebab case (`codeBlock` is
 * `code-block`), labelled from the snake-case key, active while the format is.
 */
function toggle(
  format: Toggle,
  Icon: CommandButton["Icon"],
  command: CommandButton["command"],
): CommandButton {
  const words = format.replace(
    /[A-Z]/g,
    (letter) => ` ${letter.toLowerCase()}`,
  );
  return {
    name: words.replaceAll(" ", "-"),
    key: words.replaceAll(" ", "_"),
    Icon,
    active: (s) => s[format],
    command,
  };
}

const MARKS: CommandButton[] = [
  toggle("bold", FormatBoldIcon, (c) => c.toggleBold()),
  toggle("italic", FormatItalicIcon, (c) => c.toggleItalic()),
  toggle("underline", FormatUnderlinedIcon, (c) => c.toggleUnderline()),
  toggle("strike", FormatStrikethroughIcon, (c) => c.toggleStrike()),
];
const SCRIPTS: CommandButton[] = [
  toggle("subscript", SubscriptIcon, (c) => c.toggleSubscript()),
  toggle("superscript", SuperscriptIcon, (c) => c.toggleSuperscript()),
];
const BLOCKS: CommandButton[] = [
  toggle("blockquote", FormatQuoteIcon, (c) => c.toggleBlockquote()),
  toggle("codeBlock", DataObjectIcon, (c) => c.toggleCodeBlock()),
];
const LISTS: CommandButton[] = [
  toggle("bulletList", FormatListBulletedIcon, (c) => c.toggleBulletList()),
  toggle("orderedList", FormatListNumberedIcon, (c) => c.toggleOrderedList()),
  toggle("taskList", ChecklistIcon, (c) => c.toggleTaskList()),
  // Always present, disabled outside a checked-list item: appearing only there made every
  // later button jump when the cursor moved into a list.
  {
    name: "toggle-checked",
    key: "toggle_checked",
    Icon: CheckBoxIcon,
    active: (s) => s.taskItemChecked ?? false,
    off: (s) => s.taskItemChecked === null,
    command: (c) => c.toggleTaskChecked(),
  },
  {
    name: "outdent",
    key: "outdent",
    Icon: FormatIndentDecreaseIcon,
    command: (c) => c.outdent(),
  },
  {
    name: "indent",
    key: "indent",
    Icon: FormatIndentIncreaseIcon,
    command: (c) => c.indent(),
  },
  {
    name: "direction",
    key: "direction",
    Icon: FormatTextdirectionRToLIcon,
    active: (s) => s.rtl,
    command: (c, s) =>
      s.rtl ? c.unsetTextDirection() : c.setTextDirection("rtl"),
  },
];
const ALIGNS: CommandButton[] = (
  [
    ["left", FormatAlignLeftIcon],
    ["center", FormatAlignCenterIcon],
    ["right", FormatAlignRightIcon],
    ["justify", FormatAlignJustifyIcon],
  ] as const
).map(([align, Icon]) => ({
  name: `align-${align}`,
  key: `align_${align}`,
  Icon,
  active: (s: Formats) => s.align === align,
  command: (c: Chain) => c.setTextAlign(align),
}));

/** The insert buttons that open a dialog, each with its dialog. */
const INSERTS = [
  ["link", InsertLinkIcon, LinkDialog],
  ["image", ImageIcon, ImageDialog],
  ["video", VideocamIcon, VideoDialog],
] as const;

function CommandButtons({
  editor,
  state,
  buttons,
}: {
  editor: Editor;
  state: Formats;
  buttons: CommandButton[];
}) {
  const translate = useTranslate();
  return buttons.map(({ name, key, Icon, active, off, command }) => (
    <ToolbarButton
      key={name}
      name={name}
      label={translate(`editor.toolbar.${key}`)}
      icon={<Icon fontSize="inherit" />}
      active={active?.(state) ?? false}
      disabled={!state.editable || (off?.(state) ?? false)}
      onClick={() => command(editor.chain().focus(), state).run()}
    />
  ));
}

function ToolbarItems({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const ui = useEditorUi();
  const state = useActiveFormats(editor);
  const [dialog, setDialog] = useState<InsertDialogKind>(null);
  const label = (key: string) => translate(`editor.toolbar.${key}`);
  const disabled = !state.editable;
  const buttons = (list: CommandButton[]) => (
    <CommandButtons editor={editor} state={state} buttons={list} />
  );

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
      {buttons(HISTORY)}
      <Separator />
      <BlockTypeSelect editor={editor} />
      <FontSizeSelect editor={editor} />
      <FontFamilySelect editor={editor} />
      <Separator />
      {buttons(MARKS)}
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
      {buttons(SCRIPTS)}
      <Separator />
      {buttons(BLOCKS)}
      <CodeLanguageSelect editor={editor} />
      <Separator />
      {buttons(LISTS)}
      <Separator />
      {buttons(ALIGNS)}
      <ToolbarButton
        name="clean"
        label={label("clean")}
        icon={<FormatClearIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={() => cleanFormatting(editor)}
      />
      <Separator />
      {INSERTS.map(([kind, Icon]) => (
        <ToolbarButton
          key={kind}
          name={kind}
          label={label(kind)}
          icon={<Icon fontSize="inherit" />}
          active={kind === "link" && state.link}
          disabled={disabled}
          onClick={() => setDialog(kind)}
        />
      ))}
      <ToolbarButton
        name="formula"
        label={label("formula")}
        icon={<FunctionsIcon fontSize="inherit" />}
        disabled={disabled}
        onClick={() => ui.openFormula()}
      />

      {INSERTS.map(([kind, , Dialog]) => (
        <Dialog
          key={kind}
          editor={editor}
          open={dialog === kind}
          onClose={() => setDialog(null)}
        />
      ))}
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

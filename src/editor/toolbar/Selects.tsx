import { MenuItem, Select } from "@mui/material";
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { useTranslate } from "ra-core";
import {
  CODE_LANGUAGES,
  FONT_FAMILIES,
  FONT_SIZE_PRESETS,
  findFontFamily,
} from "../../../common/editor-rules";
import { useEditorUi } from "../EditorUiContext";

const selectSx = {
  minWidth: 96,
  fontSize: 14,
  "& .MuiSelect-select": { py: 0.5 },
} as const;
const DEFAULT = "__default__";

/** Paragraph or one of the offered heading levels. */
export function BlockTypeSelect({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const { headingLevels } = useEditorUi();
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const level =
        (e.getAttributes("heading").level as number | undefined) ?? 0;
      return e.isActive("heading") ? String(level) : "0";
    },
  });
  // A heading level the toolbar does not offer (e.g. a loaded h5) still shows as itself.
  const levels =
    headingLevels.map(Number).includes(Number(current)) || current === "0"
      ? headingLevels
      : [...headingLevels, Number(current) as (typeof headingLevels)[number]];
  return (
    <Select
      size="small"
      variant="outlined"
      value={current}
      sx={selectSx}
      inputProps={{
        "aria-label": translate("editor.toolbar.block_type"),
        "data-toolbar": "heading",
      }}
      onChange={(event) => {
        const level = Number(event.target.value);
        if (level === 0) editor.chain().focus().setParagraph().run();
        else
          editor
            .chain()
            .focus()
            .setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 })
            .run();
      }}
    >
      <MenuItem value="0">{translate("editor.toolbar.paragraph")}</MenuItem>
      {levels.map((level) => (
        <MenuItem key={level} value={String(level)} data-heading={level}>
          {translate("editor.toolbar.heading", { level })}
        </MenuItem>
      ))}
    </Select>
  );
}

export function FontSizeSelect({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const { preset } = useEditorUi();
  const { sizes, defaultSize } = FONT_SIZE_PRESETS[preset];
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      (e.getAttributes("textStyle").fontSize as string | undefined) ?? DEFAULT,
  });
  return (
    <Select
      size="small"
      value={sizes.includes(current) ? current : DEFAULT}
      sx={{ ...selectSx, minWidth: 80 }}
      inputProps={{
        "aria-label": translate("editor.toolbar.font_size"),
        "data-toolbar": "size",
      }}
      renderValue={(value) => (value === DEFAULT ? defaultSize : value)}
      onChange={(event) => {
        const size = event.target.value;
        if (size === DEFAULT) editor.chain().focus().unsetFontSize().run();
        else editor.chain().focus().setFontSize(size).run();
      }}
    >
      <MenuItem value={DEFAULT}>
        {translate("editor.toolbar.font_size_default", { size: defaultSize })}
      </MenuItem>
      {sizes.map((size) => (
        <MenuItem
          key={size}
          value={size}
          data-size={size}
          sx={{ fontSize: size }}
        >
          {size}
        </MenuItem>
      ))}
    </Select>
  );
}

export function FontFamilySelect({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const current = useEditorState({
    editor,
    selector: ({ editor: e }) => {
      const value = e.getAttributes("textStyle").fontFamily as
        string | undefined;
      return (value && findFontFamily(value)?.key) || DEFAULT;
    },
  });
  return (
    <Select
      size="small"
      value={current}
      sx={selectSx}
      inputProps={{
        "aria-label": translate("editor.toolbar.font_family"),
        "data-toolbar": "font",
      }}
      onChange={(event) => {
        const family = FONT_FAMILIES.find(
          (candidate) => candidate.key === event.target.value,
        );
        if (!family) editor.chain().focus().unsetFontFamily().run();
        else editor.chain().focus().setFontFamily(family.value).run();
      }}
    >
      <MenuItem value={DEFAULT}>
        {translate("editor.toolbar.font_default")}
      </MenuItem>
      {FONT_FAMILIES.map((family) => (
        <MenuItem
          key={family.key}
          value={family.key}
          sx={{ fontFamily: family.value }}
        >
          {translate(`editor.font.${family.key}`)}
        </MenuItem>
      ))}
    </Select>
  );
}

/** The language of the code block the cursor is in (shown only there). */
export function CodeLanguageSelect({ editor }: { editor: Editor }) {
  const translate = useTranslate();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      inCode: e.isActive("codeBlock"),
      language:
        (e.getAttributes("codeBlock").language as string | null) ?? "plaintext",
    }),
  });
  if (!state.inCode) return null;
  return (
    <Select
      size="small"
      value={
        (CODE_LANGUAGES as readonly string[]).includes(state.language)
          ? state.language
          : "plaintext"
      }
      sx={selectSx}
      inputProps={{
        "aria-label": translate("editor.toolbar.code_language"),
        "data-toolbar": "code-language",
      }}
      onChange={(event) =>
        editor
          .chain()
          .focus()
          .updateAttributes("codeBlock", { language: event.target.value })
          .run()
      }
    >
      {CODE_LANGUAGES.map((language) => (
        <MenuItem key={language} value={language}>
          {language}
        </MenuItem>
      ))}
    </Select>
  );
}

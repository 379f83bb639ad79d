import { FontSize } from "@tiptap/extension-text-style";
import {
  FONT_SIZE_PRESETS,
  isPresetFontSize,
  type FontSizePreset,
} from "../../../common/editor-rules";

/**
 * FontSize limited to the field's preset: a size outside it (pasted or loaded) is dropped,
 * so the text shows in the field's default size.
 */
export const PresetFontSize = FontSize.extend<{
  types: string[];
  preset: FontSizePreset;
}>({
  addOptions() {
    return { types: ["textStyle"], preset: "article" as FontSizePreset };
  },

  addGlobalAttributes() {
    const preset = this.options.preset;
    return [
      {
        types: this.options.types,
        attributes: {
          fontSize: {
            default: null,
            parseHTML: (element: HTMLElement) => {
              const size = element.style.fontSize;
              return size && isPresetFontSize(preset, size)
                ? size.trim().toLowerCase()
                : null;
            },
            renderHTML: (attributes: Record<string, unknown>) =>
              typeof attributes.fontSize === "string" &&
              isPresetFontSize(preset, attributes.fontSize)
                ? { style: `font-size: ${attributes.fontSize}` }
                : {},
          },
        },
      },
    ];
  },
});

export function presetSizes(preset: FontSizePreset): readonly string[] {
  return FONT_SIZE_PRESETS[preset].sizes;
}

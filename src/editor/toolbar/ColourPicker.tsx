import { Box, Button, Popover, ToggleButton } from "@mui/material";
import type { Editor } from "@tiptap/core";
import { useTranslate } from "ra-core";
import { useState, type ReactNode } from "react";
import { COLOUR_PALETTE, PALETTE_HUES } from "../../../common/editor-rules";

export interface ColourPickerProps {
  editor: Editor;
  kind: "color" | "background";
  icon: ReactNode;
}

/** Text colour or background: the 35-colour palette (7 hues × 5 shades) plus the default. */
export function ColourPicker({ editor, kind, icon }: ColourPickerProps) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const label = translate(
    kind === "color" ? "editor.toolbar.color" : "editor.toolbar.background",
  );

  const apply = (hex: string | null) => {
    const chain = editor.chain().focus();
    if (kind === "color") {
      if (hex) chain.setColor(hex);
      else chain.unsetColor();
    } else if (hex) chain.setBackgroundColor(hex);
    else chain.unsetBackgroundColor().unsetHighlight();
    chain.run();
    setAnchor(null);
  };

  return (
    <>
      <ToggleButton
        value={kind}
        size="small"
        aria-label={label}
        title={label}
        aria-haspopup="true"
        data-toolbar={kind}
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ border: 0, borderRadius: 1, p: 0.5, fontSize: 20 }}
      >
        {icon}
      </ToggleButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "left" }}
        disableRestoreFocus
      >
        <Box sx={{ p: 1 }} role="group" aria-label={label} data-palette={kind}>
          <Button
            size="small"
            fullWidth
            onClick={() => apply(null)}
            sx={{ mb: 1 }}
            data-colour="default"
          >
            {translate("editor.toolbar.colour_default")}
          </Button>
          <Box
            sx={{
              display: "grid",
              gridTemplateColumns: `repeat(${PALETTE_HUES.length}, 24px)`,
              gap: 0.5,
            }}
          >
            {COLOUR_PALETTE.map((colour) => {
              const name = translate("editor.toolbar.colour_swatch", {
                hue: translate(`editor.hue.${colour.hue}`),
                shade: colour.shade,
              });
              return (
                <Box
                  key={colour.hex}
                  component="button"
                  type="button"
                  aria-label={name}
                  title={name}
                  data-colour={colour.hex}
                  onClick={() => apply(colour.hex)}
                  sx={{
                    width: 24,
                    height: 24,
                    p: 0,
                    border: 1,
                    borderColor: "divider",
                    borderRadius: 0.5,
                    cursor: "pointer",
                    backgroundColor: colour.hex,
                    "&:focus-visible": {
                      outline: 2,
                      outlineColor: "primary.main",
                      outlineOffset: 1,
                    },
                  }}
                />
              );
            })}
          </Box>
        </Box>
      </Popover>
    </>
  );
}

import { Alert, Box } from "@mui/material";
import type { ReactNode } from "react";
import "katex/dist/katex.min.css";
import "highlight.js/styles/github.css";
import {
  FONT_SIZE_PRESETS,
  type FontSizePreset,
} from "../../common/editor-rules";

/**
 * Styles for the editing area (placeholder, checked lists, code, formulas, images) and the
 * line under it that repeats the last problem reported.
 */
export function EditorFrame({
  preset,
  notice,
  children,
}: {
  preset: FontSizePreset;
  notice: string | null;
  children: ReactNode;
}) {
  return (
    <Box
      className="LampstandEditor-root"
      data-preset={preset}
      sx={(theme) => ({
        width: "100%",
        "& .ProseMirror": {
          minHeight: 160,
          fontSize: FONT_SIZE_PRESETS[preset].defaultSize,
          lineHeight: 1.6,
          outline: "none",
          backgroundColor: theme.palette.background.paper,
          border: `1px solid ${theme.palette.divider}`,
          borderRadius: `${theme.shape.borderRadius}px`,
          padding: theme.spacing(1, 1.5),
          "&:focus-visible, &.ProseMirror-focused": {
            borderColor: theme.palette.primary.main,
          },
          "& p.is-editor-empty:first-of-type::before": {
            content: "attr(data-placeholder)",
            color: theme.palette.text.disabled,
            float: "left",
            height: 0,
            pointerEvents: "none",
          },
          "& p": { margin: "0 0 0.5em" },
          "& blockquote": {
            borderLeft: `4px solid ${theme.palette.divider}`,
            margin: "0 0 0.5em",
            paddingLeft: theme.spacing(1.5),
            color: theme.palette.text.secondary,
          },
          "& pre": {
            background: theme.palette.mode === "dark" ? "#1e1e1e" : "#f6f8fa",
            borderRadius: 1,
            padding: theme.spacing(1),
            fontFamily: '"Courier New", Courier, monospace',
            overflowX: "auto",
          },
          "& img": { maxWidth: "100%", height: "auto" },
          "& img.ProseMirror-selectednode": {
            outline: `2px solid ${theme.palette.primary.main}`,
          },
          "& ul[data-type=taskList]": {
            listStyle: "none",
            paddingLeft: theme.spacing(0.5),
          },
          // The task item's node view writes data-checked but not data-type on its <li>.
          "& ul[data-type=taskList] > li": {
            display: "flex",
            gap: theme.spacing(1),
            alignItems: "flex-start",
          },
          "& ul[data-type=taskList] > li > label": {
            flex: "0 0 auto",
            userSelect: "none",
            marginTop: "0.2em",
          },
          "& ul[data-type=taskList] > li > div": { flex: "1 1 auto" },
          "& ul[data-type=taskList] > li[data-checked=true] > div": {
            textDecoration: "line-through",
            color: theme.palette.text.secondary,
          },
          "& [data-type=inline-math], & [data-type=block-math]": {
            cursor: "pointer",
          },
          "& [data-type=block-math]": {
            textAlign: "center",
            margin: "0.5em 0",
          },
          "& div[data-youtube-video] iframe, & video": {
            maxWidth: "100%",
            border: 0,
          },
          "& a": { color: theme.palette.primary.main },
        },
      })}
    >
      {children}
      {notice && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }} data-editor-notice>
          {notice}
        </Alert>
      )}
    </Box>
  );
}

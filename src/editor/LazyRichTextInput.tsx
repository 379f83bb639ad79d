import { Box, Skeleton } from "@mui/material";
import { useTranslate } from "ra-core";
import { Suspense, lazy } from "react";
import type { RichTextInputProps } from "./RichTextInput";
import type { StandaloneEditorProps } from "./StandaloneEditor";

// Type-only imports above: KaTeX, highlight.js and ProseMirror stay in the lazy chunks.
const RichTextInputChunk = lazy(() => import("./RichTextInput"));
const StandaloneEditorChunk = lazy(() => import("./StandaloneEditor"));

function EditorLoading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      aria-label={translate("editor.loading")}
      sx={{ width: "100%" }}
    >
      <Skeleton
        variant="rectangular"
        height={40}
        sx={{ mb: 1, borderRadius: 1 }}
      />
      <Skeleton variant="rectangular" height={160} sx={{ borderRadius: 1 }} />
    </Box>
  );
}

/**
 * The rich-text input, loaded on first use. Content screens use this one:
 * `<LazyRichTextInput source="content" preset="article" />`.
 */
export function LazyRichTextInput(props: RichTextInputProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <RichTextInputChunk {...props} />
    </Suspense>
  );
}

/** The standalone editor, loaded on first use. */
export function LazyStandaloneEditor(props: StandaloneEditorProps) {
  return (
    <Suspense fallback={<EditorLoading />}>
      <StandaloneEditorChunk {...props} />
    </Suspense>
  );
}

export type { RichTextInputProps, StandaloneEditorProps };

import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Typography,
} from "@mui/material";
import UploadIcon from "@mui/icons-material/Upload";
import type { Editor } from "@tiptap/core";
import { isValidYoutubeUrl } from "@tiptap/extension-youtube";
import katex from "katex";
import { useTranslate } from "ra-core";
import { useMemo, useRef, useState } from "react";
import {
  IMAGE_FILE_ACCEPT,
  looksLikeEmail,
  MAX_FORMULA_LENGTH,
} from "../../../common/editor-rules";
import {
  bilibiliEmbedUrl,
  safeImageSrc,
  safeMediaSrc,
} from "../../../common/html-allowlist";
import { KATEX_OPTIONS, type FormulaEditRequest } from "../editorOptions";
import { linkHrefFromInput } from "../extensions/SafeLink";
import { insertImageFiles } from "../images";
import { useEditorUi } from "../EditorUiContext";
import { PromptDialog } from "./PromptDialog";

export type InsertDialogKind = "link" | "image" | "video" | "formula" | null;

interface DialogProps {
  editor: Editor;
  open: boolean;
  onClose: () => void;
}

export function LinkDialog({ editor, open, onClose }: DialogProps) {
  const translate = useTranslate();
  const initialValue = useMemo(() => {
    if (!open) return "";
    const current = editor.getAttributes("link").href as string | undefined;
    if (current) return current;
    const { from, to } = editor.state.selection;
    const selected = editor.state.doc.textBetween(from, to).trim();
    return looksLikeEmail(selected) ? selected : "";
  }, [editor, open]);

  const apply = (value: string) => {
    const href = linkHrefFromInput(value);
    if (!href) return;
    const { empty } = editor.state.selection;
    if (empty && !editor.isActive("link")) {
      editor
        .chain()
        .focus()
        .insertContent({
          type: "text",
          text: value.trim(),
          marks: [{ type: "link", attrs: { href } }],
        })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    }
    onClose();
  };

  return (
    <PromptDialog
      name="link"
      open={open}
      title={translate("editor.dialog.link_title")}
      label={translate("editor.dialog.link_url")}
      initialValue={initialValue}
      validate={(value) =>
        linkHrefFromInput(value) ? null : "editor.dialog.link_invalid"
      }
      onSubmit={apply}
      onClose={onClose}
      onRemove={
        editor.isActive("link")
          ? () => {
              editor.chain().focus().extendMarkRange("link").unsetLink().run();
              onClose();
            }
          : undefined
      }
    />
  );
}

export function ImageDialog({ editor, open, onClose }: DialogProps) {
  const translate = useTranslate();
  const ui = useEditorUi();
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <PromptDialog
      name="image"
      open={open}
      title={translate("editor.dialog.image_title")}
      label={translate("editor.dialog.image_url")}
      validate={(value) =>
        safeImageSrc(value) ? null : "editor.dialog.image_invalid"
      }
      onSubmit={(value) => {
        editor
          .chain()
          .focus()
          .setImage({ src: safeImageSrc(value) })
          .run();
        onClose();
      }}
      onClose={onClose}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1 }}>
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          onClick={() => fileInput.current?.click()}
        >
          {translate("editor.dialog.image_upload")}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {translate("editor.dialog.image_hint", { max: "10 MB" })}
        </Typography>
        <input
          ref={fileInput}
          type="file"
          hidden
          multiple
          accept={IMAGE_FILE_ACCEPT}
          data-field="image-file"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            onClose();
            void insertImageFiles(editor, files, {
              upload: ui.uploadImage,
              notify: ui.notify,
            });
          }}
        />
      </Box>
    </PromptDialog>
  );
}

export function VideoDialog({ editor, open, onClose }: DialogProps) {
  const translate = useTranslate();
  const valid = (value: string) =>
    Boolean(bilibiliEmbedUrl(value)) ||
    isValidYoutubeUrl(value.trim()) ||
    Boolean(safeMediaSrc(value) && /^https?:/i.test(value.trim()));
  return (
    <PromptDialog
      name="video"
      open={open}
      title={translate("editor.dialog.video_title")}
      label={translate("editor.dialog.video_url")}
      validate={(value) =>
        valid(value) ? null : "editor.dialog.video_invalid"
      }
      onSubmit={(value) => {
        const src = value.trim();
        if (bilibiliEmbedUrl(src))
          editor.chain().focus().setBilibiliVideo({ src }).run();
        else if (isValidYoutubeUrl(src))
          editor.chain().focus().setYoutubeVideo({ src }).run();
        else editor.chain().focus().setVideo({ src }).run();
        onClose();
      }}
      onClose={onClose}
    />
  );
}

export function FormulaDialog({
  editor,
  open,
  onClose,
  request,
}: DialogProps & { request?: FormulaEditRequest }) {
  const translate = useTranslate();
  const [block, setBlock] = useState(false);
  const [preview, setPreview] = useState(request?.latex ?? "");
  const isBlock = request ? request.kind === "block" : block;
  const previewHtml = useMemo(
    () =>
      preview.trim()
        ? katex.renderToString(preview, {
            ...KATEX_OPTIONS,
            displayMode: isBlock,
          })
        : "",
    [preview, isBlock],
  );

  return (
    <PromptDialog
      name="formula"
      open={open}
      multiline
      title={translate("editor.dialog.formula_title")}
      label={translate("editor.dialog.formula_latex")}
      initialValue={request?.latex ?? ""}
      validate={(value) =>
        value.trim() && value.length <= MAX_FORMULA_LENGTH
          ? null
          : "editor.dialog.formula_latex"
      }
      onSubmit={(value) => {
        const latex = value.trim();
        const chain = editor.chain().focus();
        if (request?.kind === "inline")
          chain.updateInlineMath({ latex, pos: request.pos });
        else if (request?.kind === "block")
          chain.updateBlockMath({ latex, pos: request.pos });
        else if (block) chain.insertBlockMath({ latex });
        else chain.insertInlineMath({ latex });
        chain.run();
        onClose();
      }}
      onClose={onClose}
      onValueChange={setPreview}
      onRemove={
        request
          ? () => {
              const chain = editor.chain().focus();
              if (request.kind === "inline")
                chain.deleteInlineMath({ pos: request.pos });
              else chain.deleteBlockMath({ pos: request.pos });
              chain.run();
              onClose();
            }
          : undefined
      }
    >
      {!request && (
        <FormControlLabel
          control={
            <Checkbox
              checked={block}
              onChange={(event) => setBlock(event.target.checked)}
            />
          }
          label={translate("editor.dialog.formula_block")}
        />
      )}
      {previewHtml && (
        <Box
          sx={{
            mt: 1,
            p: 1,
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
            overflowX: "auto",
          }}
        >
          <Typography variant="caption" color="text.secondary" component="div">
            {translate("editor.dialog.formula_preview")}
          </Typography>
          {/* KaTeX output, rendered with trust: false. */}
          <div dangerouslySetInnerHTML={{ __html: previewHtml }} />
        </Box>
      )}
    </PromptDialog>
  );
}

import type { Editor } from "@tiptap/core";
import { EDITOR_PASTE_DELAY_MS } from "../../common/constants";
import {
  MAX_IMAGE_UPLOAD_BYTES,
  acceptedImageMime,
  sniffImageMime,
} from "../../common/editor-rules";
import { safeImageSrc } from "../../common/html-allowlist";

/** Stores an image and answers its URL (the admin uploads it to POST /tjc/files/images). */
export type ImageUploader = (file: File) => Promise<string>;

/** Message keys the editor reports, with their interpolation values. */
export type EditorNotice = { key: string; args?: Record<string, unknown> };
export type EditorNotify = (notice: EditorNotice) => void;

/** Why a file is refused as an image, or null when it is accepted (type from its bytes). */
export async function checkImageFile(file: File): Promise<EditorNotice | null> {
  const claimed = acceptedImageMime(file.type);
  if (!claimed)
    return { key: "editor.image.bad_type", args: { name: file.name } };
  if (file.size > MAX_IMAGE_UPLOAD_BYTES)
    return {
      key: "editor.image.too_large",
      args: { name: file.name, max: "10 MB" },
    };
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  if (!sniffImageMime(head))
    return { key: "editor.image.bad_type", args: { name: file.name } };
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });
}

/**
 * Checks each file, stores it (upload, or a data: URL when there is no uploader) and
 * inserts it at `position` (or the selection). Refused files are reported, not inserted.
 */
export async function insertImageFiles(
  editor: Editor,
  files: readonly File[],
  options: { upload?: ImageUploader; notify: EditorNotify; position?: number },
): Promise<number> {
  let inserted = 0;
  for (const file of files) {
    const refusal = await checkImageFile(file);
    if (refusal) {
      options.notify(refusal);
      continue;
    }
    let src: string;
    try {
      src = options.upload
        ? await options.upload(file)
        : await readAsDataUrl(file);
    } catch (error) {
      options.notify({
        key: "editor.image.upload_failed",
        args: {
          name: file.name,
          error: String((error as Error)?.message ?? error),
        },
      });
      continue;
    }
    const safe = safeImageSrc(src);
    if (!safe || editor.isDestroyed) continue;
    const chain = editor.chain().focus();
    if (options.position !== undefined)
      chain.insertContentAt(options.position, {
        type: "image",
        attrs: { src: safe, alt: file.name },
      });
    else chain.setImage({ src: safe, alt: file.name });
    chain.run();
    inserted++;
  }
  return inserted;
}

/** Image files among a clipboard's or a drop's items (other files are reported). */
export function imageFilesOf(transfer: DataTransfer | null): File[] {
  if (!transfer) return [];
  return Array.from(transfer.files ?? []);
}

/** Pasted files are processed after EDITOR_PASTE_DELAY_MS, once the paste event is done. */
export function afterPasteDelay(run: () => void): void {
  setTimeout(run, EDITOR_PASTE_DELAY_MS);
}

/**
 * What the media library accepts (issue 11 item 1), shared by the server and the admin:
 * the kinds, the formats of each (as the byte sniffer names them), and each kind's size
 * limit. Pure data: no DOM, no node:*.
 */
export const MEDIA_KINDS = ["image", "audio", "video", "document"] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const MB = 1024 * 1024;

/** Largest upload of each kind, in bytes. */
export const MEDIA_SIZE_LIMITS: Record<MediaKind, number> = {
  image: 10 * MB,
  audio: 300 * MB,
  video: 2048 * MB,
  document: 100 * MB,
};

/** The largest limit of all: what the multipart parser is told. */
export const MAX_MEDIA_BYTES = Math.max(...Object.values(MEDIA_SIZE_LIMITS));

export interface MediaFormat {
  kind: MediaKind;
  /** The MIME type the file is recorded and served with. */
  mime: string;
  /** The extension its stored name gets. */
  extension: string;
}

/**
 * Every accepted format, keyed by the extension the sniffer (file-type) reports. Several
 * sniffer names may stand for one format (oga/opus are Ogg audio).
 */
export const MEDIA_FORMATS: Record<string, MediaFormat> = {
  png: { kind: "image", mime: "image/png", extension: "png" },
  gif: { kind: "image", mime: "image/gif", extension: "gif" },
  jpg: { kind: "image", mime: "image/jpeg", extension: "jpg" },
  bmp: { kind: "image", mime: "image/bmp", extension: "bmp" },
  ico: { kind: "image", mime: "image/x-icon", extension: "ico" },
  webp: { kind: "image", mime: "image/webp", extension: "webp" },
  mp3: { kind: "audio", mime: "audio/mpeg", extension: "mp3" },
  m4a: { kind: "audio", mime: "audio/mp4", extension: "m4a" },
  aac: { kind: "audio", mime: "audio/aac", extension: "aac" },
  wav: { kind: "audio", mime: "audio/wav", extension: "wav" },
  ogg: { kind: "audio", mime: "audio/ogg", extension: "ogg" },
  oga: { kind: "audio", mime: "audio/ogg", extension: "ogg" },
  opus: { kind: "audio", mime: "audio/ogg", extension: "ogg" },
  mp4: { kind: "video", mime: "video/mp4", extension: "mp4" },
  m4v: { kind: "video", mime: "video/mp4", extension: "mp4" },
  webm: { kind: "video", mime: "video/webm", extension: "webm" },
  pdf: { kind: "document", mime: "application/pdf", extension: "pdf" },
  epub: {
    kind: "document",
    mime: "application/epub+zip",
    extension: "epub",
  },
  docx: {
    kind: "document",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extension: "docx",
  },
  pptx: {
    kind: "document",
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extension: "pptx",
  },
};

/** The accepted MIME types, each once, for error data and the file picker. */
export const ACCEPTED_MEDIA_MIME_TYPES: readonly string[] = [
  ...new Set(Object.values(MEDIA_FORMATS).map((format) => format.mime)),
];

/** MIME types a browser may show in place; everything else is served as an attachment. */
export function servedInline(mime: string): boolean {
  return /^(image|audio|video)\//.test(mime) || mime === "application/pdf";
}

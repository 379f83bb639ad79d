import { MEDIA_FORMATS, type MediaKind } from "../../common/media-rules";

/** The file picker's `accept` for one kind: its MIME types and extensions. */
export function acceptFor(kind: MediaKind): string {
  const formats = Object.entries(MEDIA_FORMATS).filter(
    ([, format]) => format.kind === kind,
  );
  return [
    ...new Set([
      ...formats.map(([, format]) => format.mime),
      ...formats.map(([ext]) => `.${ext}`),
    ]),
  ].join(",");
}

/** 1536 → "1.5 KB"; the units are the same in both languages. */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** 3725.4 → "1:02:05", 65 → "1:05". */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

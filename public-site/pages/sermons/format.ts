import type { Language } from "../../../common/codes";

const dayFormats = new Map<Language, Intl.DateTimeFormat>();

/** A day (YYYY-MM-DD) as the reader writes it; the same on the server and the client. */
export function formatDay(day: string, language: Language): string {
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      dateStyle: "long",
      timeZone: "UTC",
    });
    dayFormats.set(language, format);
  }
  const time = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(time.getTime()) ? day : format.format(time);
}

/** A position in a recording: m:ss or h:mm:ss. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A file's size for a download link: 2.4 MB, 830 KB. */
export function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

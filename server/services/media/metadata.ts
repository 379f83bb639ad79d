/**
 * What the library records about a file's content: an image's size (image-size) and the
 * duration of audio and video (music-metadata), both read from the file itself. A file
 * they cannot read still uploads: the fields stay empty rather than refusing a file the
 * sniffer accepted.
 */
import { imageSizeFromFile } from "image-size/fromFile";
import { parseFile } from "music-metadata";
import type { MediaFormat } from "../../../common/media-rules.js";

export interface MediaMetadata {
  width: number | null;
  height: number | null;
  durationSec: number | null;
}

export async function readMetadata(
  file: string,
  format: MediaFormat,
): Promise<MediaMetadata> {
  const none: MediaMetadata = { width: null, height: null, durationSec: null };
  try {
    if (format.kind === "image") {
      const size = await imageSizeFromFile(file);
      return { ...none, width: size.width, height: size.height };
    }
    if (format.kind === "audio" || format.kind === "video") {
      const { format: read } = await parseFile(file, {
        duration: true,
        skipCovers: true,
      });
      const seconds = read.duration;
      return {
        ...none,
        durationSec:
          seconds !== undefined && Number.isFinite(seconds)
            ? Math.round(seconds * 1000) / 1000
            : null,
      };
    }
  } catch {
    // Unreadable metadata is not a refusal (see above).
  }
  return none;
}

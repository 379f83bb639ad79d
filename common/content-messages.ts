/**
 * The content resources' own validation keys (audio, video, gospel documents) and their
 * messages in every language. The server words `data.errors` with them and the admin merges
 * the same texts, so a bad video link reads the same whichever side caught it.
 */
import type { Language } from "./codes.js";

export const CONTENT_ERRORS = {
  videoUrl: "content.validation.video_url",
  videoSource: "content.validation.video_source",
  videoBoth: "content.validation.video_both",
} as const;

export const CONTENT_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [CONTENT_ERRORS.videoUrl]:
      "请填写 https 开头的 mp4、HLS（.m3u8）、YouTube 或哔哩哔哩链接",
    [CONTENT_ERRORS.videoSource]: "请上传视频文件或填写视频链接",
    [CONTENT_ERRORS.videoBoth]: "视频文件和视频链接只能二选一",
  },
  "en-US": {
    [CONTENT_ERRORS.videoUrl]:
      "Must be an https link to an mp4 file, an HLS playlist (.m3u8), YouTube or Bilibili",
    [CONTENT_ERRORS.videoSource]: "Upload a video file or enter a video link",
    [CONTENT_ERRORS.videoBoth]: "Choose a video file or a link, not both",
  },
};

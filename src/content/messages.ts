/** The content screens' strings: audio, video, gospel documents and the workflow pieces. */
import { CONTENT_VALIDATION_MESSAGES } from "../../common/content-messages";
import { AUDIO_FIELD_LABELS } from "../../common/schemas/audio-labels";
import { VIDEO_FIELD_LABELS } from "../../common/schemas/video-labels";
import { GOSPEL_DOC_FIELD_LABELS } from "../../common/schemas/gospel-doc-labels";
import { deepMerge, nestMessages } from "../i18n/deepMerge";
import { CHOICE_LABELS } from "../../common/choice-labels";

const screens = {
  "zh-CN": {
    content: {
      any: "全部",
      helper: {
        status: "定时发布需要填写发布时间",
        video_source: "上传视频文件，或在下方填写视频链接（二选一）",
        video_url: "https 开头的 mp4、HLS（.m3u8）、YouTube 或哔哩哔哩链接",
      },
      video_source: { file: "视频文件", link: "外部链接" },
      doc_language: CHOICE_LABELS["zh-CN"].docLanguage,
      open_link: "打开链接",
      file_missing: "文件不存在",
    },
    resources: {
      "admin/audioManage": {
        name: "音频",
        page: { list: "音频管理" },
        fields: AUDIO_FIELD_LABELS["zh-CN"],
      },
      "admin/videoManage": {
        name: "视频",
        page: { list: "视频管理" },
        fields: VIDEO_FIELD_LABELS["zh-CN"],
      },
      "admin/docManage": {
        name: "福音文档",
        page: { list: "福音文档" },
        fields: GOSPEL_DOC_FIELD_LABELS["zh-CN"],
      },
    },
  },
  "en-US": {
    content: {
      any: "Any",
      helper: {
        status: "Scheduling needs a publishing time",
        video_source:
          "Upload a video file, or enter a video link below (one or the other)",
        video_url:
          "An https link to an mp4 file, an HLS playlist (.m3u8), YouTube or Bilibili",
      },
      video_source: { file: "Video file", link: "External link" },
      doc_language: CHOICE_LABELS["en-US"].docLanguage,
      open_link: "Open the link",
      file_missing: "The file does not exist",
    },
    resources: {
      "admin/audioManage": {
        name: "Audio |||| Audio",
        page: { list: "Audio" },
        fields: AUDIO_FIELD_LABELS["en-US"],
      },
      "admin/videoManage": {
        name: "Video |||| Videos",
        page: { list: "Videos" },
        fields: VIDEO_FIELD_LABELS["en-US"],
      },
      "admin/docManage": {
        name: "Gospel document |||| Gospel documents",
        page: { list: "Gospel documents" },
        fields: GOSPEL_DOC_FIELD_LABELS["en-US"],
      },
    },
  },
};

// The shared validation texts live under content.validation, beside the screens' own.
export const contentMessages = {
  "zh-CN": deepMerge(
    nestMessages(CONTENT_VALIDATION_MESSAGES["zh-CN"]),
    screens["zh-CN"],
  ),
  "en-US": deepMerge(
    nestMessages(CONTENT_VALIDATION_MESSAGES["en-US"]),
    screens["en-US"],
  ),
};

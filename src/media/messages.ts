/** The media inputs' strings (merged into the admin's i18n catalogue). */
import { CHOICE_LABELS } from "../../common/choice-labels";
export const mediaMessages: Record<
  "zh-CN" | "en-US",
  Record<string, unknown>
> = {
  "zh-CN": {
    media: {
      kind: CHOICE_LABELS["zh-CN"].mediaKind,
      drop_here: "将%{kind}文件拖到此处，或",
      pick: "选择文件",
      choose_from_library: "从媒体库选择",
      remove: "移除",
      uploading: "正在上传 %{percent}%",
      cancel_upload: "取消上传",
      wrong_kind: "请选择%{kind}文件",
      too_large: "文件过大：%{kind}文件不能超过 %{limit}",
      open_document: "打开文档",
      download: "下载",
      library_title: "媒体库：%{kind}",
      library_search: "搜索文件名",
      library_empty: "没有找到文件",
      library_failed: "无法读取媒体库",
      close: "关闭",
      duration: "时长 %{duration}",
      used_by: "%{count} 处引用",
    },
  },
  "en-US": {
    media: {
      kind: CHOICE_LABELS["en-US"].mediaKind,
      drop_here: "Drop the %{kind} file here, or",
      pick: "Choose a file",
      choose_from_library: "Choose from the library",
      remove: "Remove",
      uploading: "Uploading %{percent}%",
      cancel_upload: "Cancel upload",
      wrong_kind: "Please choose an accepted %{kind} file",
      too_large: "The file is too large: %{kind} files may be at most %{limit}",
      open_document: "Open the document",
      download: "Download",
      library_title: "Media library: %{kind}",
      library_search: "Search file names",
      library_empty: "No files found",
      library_failed: "The media library could not be read",
      close: "Close",
      duration: "Duration %{duration}",
      used_by: "Used by %{count}",
    },
  },
};

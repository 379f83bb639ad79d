/**
 * The content kit's strings, one file for the area: sermons, articles, audio, video,
 * gospel documents, the workflow, revisions and the stale-version dialog.
 */
import { CONTENT_VALIDATION_MESSAGES } from "../../../common/content-messages";
import { AUDIO_FIELD_LABELS } from "../../../common/schemas/audio-labels";
import { VIDEO_FIELD_LABELS } from "../../../common/schemas/video-labels";
import { GOSPEL_DOC_FIELD_LABELS } from "../../../common/schemas/gospel-doc-labels";
import { deepMerge, nestMessages } from "../../i18n/deepMerge";
import { SERMON_FIELD_LABELS } from "../../../common/schemas/sermon-labels";
import { ARTICLE_FIELD_LABELS } from "../../../common/schemas/article-labels";
import { CHOICE_LABELS } from "../../../common/choice-labels";

const sermonFieldsZh = {
  ...SERMON_FIELD_LABELS["zh-CN"],
  preachedFrom: "讲道日期从",
  preachedTo: "讲道日期至",
  tagId: "标签",
};
const sermonFieldsEn = {
  ...SERMON_FIELD_LABELS["en-US"],
  preachedFrom: "Preached from",
  preachedTo: "Preached until",
  tagId: "Tag",
};
const articleFieldsZh = {
  ...ARTICLE_FIELD_LABELS["zh-CN"],
  updatedAtFrom: "更新时间从",
  updatedAtTo: "更新时间至",
  tagId: "标签",
};
const articleFieldsEn = {
  ...ARTICLE_FIELD_LABELS["en-US"],
  updatedAtFrom: "Updated from",
  updatedAtTo: "Updated until",
  tagId: "Tag",
};

const sermonScreens = {
  "zh-CN": {
    content: {
      status: CHOICE_LABELS["zh-CN"].contentStatus,
      bulk: {
        publish: "发布",
        unpublish: "撤回为草稿",
        archive: "归档",
        done: "%{action}：%{smart_count} 条",
      },
      publish_at_helper: "到达该时间后自动发布",
      video_helper: "上传视频文件，或填写外部视频链接（二选一）",
      suggestions_none: "没有已用过的值",
      revisions: {
        title: "历史版本",
        empty: "还没有历史版本",
        current: "当前版本",
        by: "%{name} · %{time}",
        unknown_user: "未知用户",
        restored_from: "恢复自版本 #%{id}",
        compare: "对比",
        compare_title: "版本 #%{id} 与当前内容对比",
        selected: "所选版本",
        now: "当前内容",
        restore: "恢复此版本",
        restored: "已恢复该版本",
        no_changes: "该版本与当前内容相同",
        close: "关闭",
      },
      stale: {
        title: "内容已被他人修改",
        body: "在你打开后，有人保存了这条内容。你可以重新载入最新内容（放弃你的修改），或查看对方的修改。",
        reload: "重新载入",
        see: "查看对方的修改",
        overwrite: "仍然用我的内容覆盖",
        field: "字段",
        yours: "你的内容",
        theirs: "对方保存的内容",
        same: "对方的修改与你的内容没有字段差异",
        reloaded: "已载入最新内容",
      },
      article_edit: {
        new_title: "新建文章",
        edit_title: "编辑文章",
        back: "返回文章列表",
        metadata: "文章信息",
        save: "保存",
        saving: "正在保存…",
        saved: "已保存",
        shortcut: "Ctrl/⌘+S 保存",
        draft_restored: "已恢复本机未保存的草稿",
        discard_draft: "丢弃草稿",
        unsaved: "有未保存的修改",
        leave_prompt: "有未保存的修改，确定要离开吗？",
        not_found: "文章不存在",
        body_label: "正文",
      },
    },
    resources: {
      "admin/sermonManage": {
        fields: sermonFieldsZh,
      },
      "admin/mySermonManage": {
        fields: sermonFieldsZh,
      },
      "admin/articleManage": {
        fields: articleFieldsZh,
      },
    },
  },
  "en-US": {
    content: {
      status: CHOICE_LABELS["en-US"].contentStatus,
      bulk: {
        publish: "Publish",
        unpublish: "Back to draft",
        archive: "Archive",
        done: "%{action}: %{smart_count} record |||| %{action}: %{smart_count} records",
      },
      publish_at_helper: "It is published when this time comes",
      video_helper: "Upload a video file, or give a link to an external video",
      suggestions_none: "No values used yet",
      revisions: {
        title: "Revisions",
        empty: "No revisions yet",
        current: "Current",
        by: "%{name} · %{time}",
        unknown_user: "Unknown user",
        restored_from: "Restored from revision #%{id}",
        compare: "Compare",
        compare_title: "Revision #%{id} against the current text",
        selected: "This revision",
        now: "Current",
        restore: "Restore this revision",
        restored: "The revision was restored",
        no_changes: "This revision is the same as the current text",
        close: "Close",
      },
      stale: {
        title: "Someone else changed this",
        body: "Someone saved this record after you opened it. Reload the latest version (your changes are lost), or see their change.",
        reload: "Reload",
        see: "See their change",
        overwrite: "Save mine over it anyway",
        field: "Field",
        yours: "Yours",
        theirs: "Theirs",
        same: "Their change leaves no field different from yours",
        reloaded: "The latest version is loaded",
      },
      article_edit: {
        new_title: "New article",
        edit_title: "Edit article",
        back: "Back to the articles",
        metadata: "Details",
        save: "Save",
        saving: "Saving…",
        saved: "Saved",
        shortcut: "Ctrl/⌘+S saves",
        draft_restored: "An unsaved draft from this browser was restored",
        discard_draft: "Discard draft",
        unsaved: "Unsaved changes",
        leave_prompt: "You have unsaved changes. Leave anyway?",
        not_found: "No such article",
        body_label: "Text",
      },
    },
    resources: {
      "admin/sermonManage": {
        fields: sermonFieldsEn,
      },
      "admin/mySermonManage": {
        fields: sermonFieldsEn,
      },
      "admin/articleManage": {
        fields: articleFieldsEn,
      },
    },
  },
};

/** Audio, video and gospel documents: their fields and the pieces only they use. */
const mediaScreens = {
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
        fields: AUDIO_FIELD_LABELS["zh-CN"],
      },
      "admin/videoManage": {
        fields: VIDEO_FIELD_LABELS["zh-CN"],
      },
      "admin/docManage": {
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
        fields: AUDIO_FIELD_LABELS["en-US"],
      },
      "admin/videoManage": {
        fields: VIDEO_FIELD_LABELS["en-US"],
      },
      "admin/docManage": {
        fields: GOSPEL_DOC_FIELD_LABELS["en-US"],
      },
    },
  },
};

// The shared validation texts live under content.validation, beside the screens' own.
export const contentMessages = {
  "zh-CN": deepMerge(
    nestMessages(CONTENT_VALIDATION_MESSAGES["zh-CN"]),
    mediaScreens["zh-CN"],
    sermonScreens["zh-CN"],
  ),
  "en-US": deepMerge(
    nestMessages(CONTENT_VALIDATION_MESSAGES["en-US"]),
    mediaScreens["en-US"],
    sermonScreens["en-US"],
  ),
};

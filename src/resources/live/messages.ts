/** The live screens' strings (merged into the admin's i18n catalogue). */
import { LIVE_VALIDATION_MESSAGES } from "../../../common/live-messages";
import {
  CHANNEL_FIELD_LABELS,
  LIVE_CONFIG_FIELD_LABELS,
  LIVE_NOTICE_FIELD_LABELS,
  LIVE_VIDEO_FIELD_LABELS,
} from "../../../common/schemas/live-labels";
import { deepMerge, nestMessages } from "../../i18n/deepMerge";
import { CHOICE_LABELS } from "../../../common/choice-labels";

const screens = {
  "zh-CN": {
    live: {
      channel_status: CHOICE_LABELS["zh-CN"].channelStatus,
      video_status: CHOICE_LABELS["zh-CN"].liveVideoStatus,
      key: {
        title: "推流密钥",
        none: "尚未生成推流密钥。",
        set: "已生成，尾号 %{hint}（%{at}）。出于安全考虑，完整密钥不再显示。",
        generate: "生成推流密钥",
        regenerate: "重新生成",
        confirm_title: "重新生成推流密钥？",
        confirm_content:
          "旧密钥将立即失效，正在使用旧密钥的推流软件需要换成新密钥。",
        shown_once: "请立即复制并妥善保存：关闭后将无法再次查看完整密钥。",
        copy: "复制",
        copied: "已复制",
        close: "我已保存",
        save_first: "保存频道后即可生成推流密钥。",
      },
      preview: {
        title: "预览",
        play: "预览直播流",
        stop: "停止预览",
        none: "填写播放地址并保存后可以预览。",
        loading: "正在加载播放器…",
        playing: "正在播放",
        error: "无法播放该直播流：%{detail}",
        unsupported: "此浏览器不支持 HLS 播放",
      },
      actions: {
        go_live: "开始直播",
        end: "结束直播",
        cancel: "取消直播",
        reschedule: "恢复计划",
        sermon: "生成讲道草稿",
        open_sermon: "打开讲道",
        done_live: "已开始直播",
        done_end: "直播已结束",
        done_cancel: "直播已取消",
        done_reschedule: "已恢复为计划中",
        sermon_created: "已生成讲道草稿",
        sermon_exists: "已打开此前生成的讲道",
        needs_replay: "添加回放后可生成讲道",
      },
      replay_helper: "上传或选择回放视频，或填写回放链接（二选一）",
      time_helper: "按本机时区填写",
      config: {
        title: "直播设置",
        none: "不指定",
        saved: "直播设置已保存",
      },
      notice_window: "%{from} 至 %{to}",
      notice_state: { active: "生效中", upcoming: "未开始", past: "已过期" },
    },
    resources: {
      "admin/channelManage": {
        fields: CHANNEL_FIELD_LABELS["zh-CN"],
      },
      "admin/liveVideoManage": {
        fields: LIVE_VIDEO_FIELD_LABELS["zh-CN"],
      },
      "admin/configLiveNotice": {
        fields: LIVE_NOTICE_FIELD_LABELS["zh-CN"],
      },
      "admin/configLive": {
        fields: LIVE_CONFIG_FIELD_LABELS["zh-CN"],
      },
    },
  },
  "en-US": {
    live: {
      channel_status: CHOICE_LABELS["en-US"].channelStatus,
      video_status: CHOICE_LABELS["en-US"].liveVideoStatus,
      key: {
        title: "Stream key",
        none: "No stream key yet.",
        set: "Generated, ends with %{hint} (%{at}). For safety the full key is not shown again.",
        generate: "Generate stream key",
        regenerate: "Regenerate",
        confirm_title: "Regenerate the stream key?",
        confirm_content:
          "The old key stops working at once; encoders using it need the new one.",
        shown_once:
          "Copy it now and keep it safe: once closed, the full key cannot be shown again.",
        copy: "Copy",
        copied: "Copied",
        close: "I have saved it",
        save_first: "Save the channel to generate its stream key.",
      },
      preview: {
        title: "Preview",
        play: "Preview the stream",
        stop: "Stop preview",
        none: "Enter a playback URL and save to preview.",
        loading: "Loading the player…",
        playing: "Playing",
        error: "Cannot play this stream: %{detail}",
        unsupported: "This browser cannot play HLS",
      },
      actions: {
        go_live: "Go live",
        end: "End live",
        cancel: "Cancel",
        reschedule: "Schedule again",
        sermon: "Create draft sermon",
        open_sermon: "Open sermon",
        done_live: "The video is live",
        done_end: "The live video ended",
        done_cancel: "The live video is cancelled",
        done_reschedule: "Scheduled again",
        sermon_created: "Draft sermon created",
        sermon_exists: "Opened the sermon made before",
        needs_replay: "Add a replay to create a sermon",
      },
      replay_helper:
        "Upload or pick the replay video, or enter a replay link (one of the two)",
      time_helper: "In this device's time zone",
      config: {
        title: "Live settings",
        none: "None",
        saved: "Live settings saved",
      },
      notice_window: "%{from} to %{to}",
      notice_state: { active: "Active", upcoming: "Upcoming", past: "Past" },
    },
    resources: {
      "admin/channelManage": {
        fields: CHANNEL_FIELD_LABELS["en-US"],
      },
      "admin/liveVideoManage": {
        fields: LIVE_VIDEO_FIELD_LABELS["en-US"],
      },
      "admin/configLiveNotice": {
        fields: LIVE_NOTICE_FIELD_LABELS["en-US"],
      },
      "admin/configLive": {
        fields: LIVE_CONFIG_FIELD_LABELS["en-US"],
      },
    },
  },
};

// The validation keys nest under `live.validation`, beside the screens' own `live.*`.
export const liveMessages = {
  "zh-CN": deepMerge(
    nestMessages(LIVE_VALIDATION_MESSAGES["zh-CN"]),
    screens["zh-CN"],
  ),
  "en-US": deepMerge(
    nestMessages(LIVE_VALIDATION_MESSAGES["en-US"]),
    screens["en-US"],
  ),
};

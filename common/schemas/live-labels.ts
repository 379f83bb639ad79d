import type { Language } from "../codes.js";
import { RECORD_STAMP_LABELS } from "./record-labels.js";

/**
 * The live fields' names a person reads: the admin's column and input labels and the
 * server's CSV headers. No zod here, so the admin's catalogue stays light.
 */
const common = {
  "zh-CN": {
    id: "编号",
    status: "状态",
    channelId: "频道",
    ...RECORD_STAMP_LABELS["zh-CN"],
  },
  "en-US": {
    id: "ID",
    status: "Status",
    channelId: "Channel",
    ...RECORD_STAMP_LABELS["en-US"],
  },
} satisfies Record<Language, Record<string, string>>;

export const CHANNEL_FIELD_LABELS = {
  "zh-CN": {
    ...common["zh-CN"],
    name: "名称",
    description: "简介",
    coverFileId: "封面",
    playbackUrl: "播放地址（HLS）",
    ingestUrl: "推流地址",
    streamKey: "推流密钥",
    streamKeySet: "已生成密钥",
    streamKeyHint: "密钥尾号",
    streamKeyGeneratedAt: "密钥生成时间",
  },
  "en-US": {
    ...common["en-US"],
    name: "Name",
    description: "Description",
    coverFileId: "Cover",
    playbackUrl: "Playback URL (HLS)",
    ingestUrl: "Ingest URL",
    streamKey: "Stream key",
    streamKeySet: "Key generated",
    streamKeyHint: "Key ends with",
    streamKeyGeneratedAt: "Key generated at",
  },
} satisfies Record<Language, Record<string, string>>;

export const LIVE_VIDEO_FIELD_LABELS = {
  "zh-CN": {
    ...common["zh-CN"],
    title: "标题",
    preacher: "讲员",
    scheduledStart: "计划开始",
    scheduledEnd: "计划结束",
    startedAt: "实际开始",
    endedAt: "实际结束",
    replayFileId: "回放视频",
    replayUrl: "回放链接",
    sermonId: "讲道",
    scheduledFrom: "开始不早于",
    scheduledTo: "开始不晚于",
  },
  "en-US": {
    ...common["en-US"],
    title: "Title",
    preacher: "Preacher",
    scheduledStart: "Scheduled start",
    scheduledEnd: "Scheduled end",
    startedAt: "Started",
    endedAt: "Ended",
    replayFileId: "Replay video",
    replayUrl: "Replay link",
    sermonId: "Sermon",
    scheduledFrom: "Starts from",
    scheduledTo: "Starts until",
  },
} satisfies Record<Language, Record<string, string>>;

export const LIVE_NOTICE_FIELD_LABELS = {
  "zh-CN": {
    ...common["zh-CN"],
    textZh: "中文内容",
    textEn: "英文内容",
    startsAt: "开始时间",
    endsAt: "结束时间",
    enabled: "启用",
    activeAt: "生效于",
  },
  "en-US": {
    ...common["en-US"],
    textZh: "Chinese text",
    textEn: "English text",
    startsAt: "Starts",
    endsAt: "Ends",
    enabled: "Enabled",
    activeAt: "Active at",
  },
} satisfies Record<Language, Record<string, string>>;

export const LIVE_CONFIG_FIELD_LABELS = {
  "zh-CN": {
    defaultChannelId: "默认频道",
    autoplay: "前台播放器自动播放",
    offlineImageFileId: "离线图片",
    offlineTextZh: "离线提示（中文）",
    offlineTextEn: "离线提示（英文）",
    updatedAt: "更新时间",
    version: "版本",
  },
  "en-US": {
    defaultChannelId: "Default channel",
    autoplay: "Autoplay on the public player",
    offlineImageFileId: "Offline image",
    offlineTextZh: "Offline text (Chinese)",
    offlineTextEn: "Offline text (English)",
    updatedAt: "Updated",
    version: "Version",
  },
} satisfies Record<Language, Record<string, string>>;

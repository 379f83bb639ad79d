/**
 * Live streaming's own validation and refusal keys (issue 12 items 3–7) and their texts in
 * every supported language. The server words `data.errors` with them and the admin merges
 * the same texts, so a mistake reads the same whichever side caught it.
 */
import type { Language } from "./codes.js";

export const LIVE_ERRORS = {
  time: "live.validation.time",
  playbackUrl: "live.validation.playback_url",
  ingestUrl: "live.validation.ingest_url",
  replayUrl: "live.validation.replay_url",
  endBeforeStart: "live.validation.end_before_start",
  overlap: "live.validation.overlap",
  alreadyLive: "live.validation.already_live",
  unknownChannel: "live.validation.unknown_channel",
  channelInUse: "live.validation.channel_in_use",
  transition: "live.validation.transition",
  timesLocked: "live.validation.times_locked",
  replayFirst: "live.validation.replay_first",
  notEnded: "live.validation.not_ended",
  fromLive: "live.sermon.from_live",
} as const;

export const LIVE_VALIDATION_MESSAGES: Record<
  Language,
  Record<string, string>
> = {
  "zh-CN": {
    [LIVE_ERRORS.time]: "请填写有效的日期和时间",
    [LIVE_ERRORS.playbackUrl]:
      "播放地址应为 http(s) 开头、以 .m3u8 结尾的 HLS 地址",
    [LIVE_ERRORS.ingestUrl]:
      "推流地址应以 rtmp://、rtmps://、srt:// 或 http(s):// 开头",
    [LIVE_ERRORS.replayUrl]: "回放链接应以 https:// 开头",
    [LIVE_ERRORS.endBeforeStart]: "结束时间必须晚于开始时间",
    [LIVE_ERRORS.overlap]: "该频道在这段时间已有其他直播",
    [LIVE_ERRORS.alreadyLive]: "该频道已有正在进行的直播",
    [LIVE_ERRORS.unknownChannel]: "频道不存在",
    [LIVE_ERRORS.channelInUse]: "该频道仍有直播视频或被直播设置引用，不能删除",
    [LIVE_ERRORS.transition]: "直播视频不能从当前状态变为该状态",
    [LIVE_ERRORS.timesLocked]: "只有计划中或已取消的直播可以修改时间和频道",
    [LIVE_ERRORS.replayFirst]: "请先为已结束的直播添加回放",
    [LIVE_ERRORS.notEnded]: "只有已结束的直播可以生成讲道",
    [LIVE_ERRORS.fromLive]:
      "由直播视频 #%{id} 生成（/admin/liveVideoManage/%{id}）",
  },
  "en-US": {
    [LIVE_ERRORS.time]: "Enter a valid date and time",
    [LIVE_ERRORS.playbackUrl]:
      "The playback URL is an HLS address: http(s), ending in .m3u8",
    [LIVE_ERRORS.ingestUrl]:
      "The ingest URL starts with rtmp://, rtmps://, srt:// or http(s)://",
    [LIVE_ERRORS.replayUrl]: "The replay link starts with https://",
    [LIVE_ERRORS.endBeforeStart]: "The end must come after the start",
    [LIVE_ERRORS.overlap]:
      "Another live video is planned on this channel at that time",
    [LIVE_ERRORS.alreadyLive]: "Another live video is on air on this channel",
    [LIVE_ERRORS.unknownChannel]: "The channel does not exist",
    [LIVE_ERRORS.channelInUse]:
      "This channel still has live videos or is the default channel, so it cannot be deleted",
    [LIVE_ERRORS.transition]:
      "The live video cannot move to this status from its current one",
    [LIVE_ERRORS.timesLocked]:
      "Only a scheduled or cancelled live video can change its times or channel",
    [LIVE_ERRORS.replayFirst]: "Add a replay to the ended live video first",
    [LIVE_ERRORS.notEnded]: "Only an ended live video can become a sermon",
    [LIVE_ERRORS.fromLive]:
      "Made from live video #%{id} (/admin/liveVideoManage/%{id})",
  },
};

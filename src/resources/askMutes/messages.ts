/** The mutes resource's strings (askKeepSilenceManage). */
export const askMuteMessages = {
  "zh-CN": {
    moderation: {
      mute: {
        member_hint: "输入名称或登录名查找成员",
        confirm_title: "禁言 %{name}？",
        lifted: "%{time} 解除",
      },
    },
    resources: {
      "admin/askKeepSilenceManage": {
        fields: {
          userId: "成员",
          userName: "成员",
          reason: "原因",
          until: "截止时间",
          duration: "时长",
          createdBy: "处理人",
          createdAt: "时间",
          active: "生效中",
          q: "成员名称",
        },
      },
    },
  },
  "en-US": {
    moderation: {
      mute: {
        member_hint: "Type a name or login name to find the member",
        confirm_title: "Mute %{name}?",
        lifted: "lifted %{time}",
      },
    },
    resources: {
      "admin/askKeepSilenceManage": {
        fields: {
          userId: "Member",
          userName: "Member",
          reason: "Reason",
          until: "Until",
          duration: "Duration",
          createdBy: "Moderator",
          createdAt: "Time",
          active: "Active",
          q: "Member name",
        },
      },
    },
  },
};

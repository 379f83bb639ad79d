/** The askComplaints screen's strings, under moderation.* (merged with the other Q&A folders'). */
export const askComplaintMessages = {
  "zh-CN": {
    moderation: {
      report: {
        open: "未处理",
        handled: "已处理",
        question: "问题",
        answer: "回答",
        user: "成员",
        spam: "广告或垃圾信息",
        abuse: "辱骂或攻击",
        offTopic: "与主题无关",
        other: "其他",
        dismiss: "驳回",
        resolved: "已处理",
        empty: "没有举报。",
        mute_for: "禁言时长",
        hide_title: "隐藏被举报的内容：请填写原因",
      },
    },
    resources: {
      "admin/askComplaintManage": {
        fields: { q: "关键词" },
      },
    },
  },
  "en-US": {
    moderation: {
      report: {
        open: "Open",
        handled: "Handled",
        question: "Question",
        answer: "Answer",
        user: "Member",
        spam: "Spam",
        abuse: "Abuse",
        offTopic: "Off topic",
        other: "Other",
        dismiss: "Dismissed",
        resolved: "Resolved",
        empty: "No reports.",
        mute_for: "Mute for",
        hide_title: "Hide the reported post: give a reason",
      },
    },
    resources: {
      "admin/askComplaintManage": {
        fields: { q: "Keyword" },
      },
    },
  },
};

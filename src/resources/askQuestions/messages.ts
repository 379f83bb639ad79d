/** The askQuestions screen's strings, under moderation.* (merged with the other Q&A folders'). */
export const askQuestionMessages = {
  "zh-CN": {
    moderation: {
      review: {
        tab: "审核队列",
        questions_tab: "全部问题",
        empty: "没有待审核的内容。",
        word: "含审核词：%{word}",
        preModeration: "先审后发",
        pending_count: "%{count} 条待审核",
      },
    },
    resources: {
      "admin/askManage": {
        fields: { q: "关键词" },
      },
    },
  },
  "en-US": {
    moderation: {
      review: {
        tab: "Review queue",
        questions_tab: "All questions",
        empty: "Nothing waits for review.",
        word: "Review word: %{word}",
        preModeration: "Pre-moderation",
        pending_count: "%{count} waiting for review",
      },
    },
    resources: {
      "admin/askManage": {
        fields: { q: "Keyword" },
      },
    },
  },
};

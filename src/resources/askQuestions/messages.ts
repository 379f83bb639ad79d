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
        name: "问题",
        page: { list: "问答管理" },
        fields: { q: "关键词" },
      },
      "admin/askReview": {
        name: "待审核内容",
        page: { list: "审核队列" },
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
        name: "Question |||| Questions",
        page: { list: "Q&A management" },
        fields: { q: "Keyword" },
      },
      "admin/askReview": {
        name: "Post waiting for review |||| Posts waiting for review",
        page: { list: "Review queue" },
      },
    },
  },
};

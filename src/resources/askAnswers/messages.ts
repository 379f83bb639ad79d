/** The askAnswers screen's strings, under moderation.* (merged with the other Q&A folders'). */
export const askAnswerMessages = {
  "zh-CN": {
    moderation: {
      topic: {
        pick: "选择一个问题，处理它的回答：",
        open: "处理回答",
        revision_kept: "已保存修订，原内容可在修订中查看",
      },
    },
  },
  "en-US": {
    moderation: {
      topic: {
        pick: "Choose a question to manage its answers:",
        open: "Manage answers",
        revision_kept: "Saved; the earlier text is kept as a revision",
      },
    },
  },
};

/** The askConfig screen's strings, under moderation.* (merged with the other Q&A folders'). */
export const askConfigMessages = {
  "zh-CN": {
    moderation: {
      config: {
        preModeration: "先审后发",
        off: "关闭",
        newMembers: "新成员的前 N 条",
        all: "全部内容",
        preModerationPosts: "N（新成员需审核的条数）",
        dailyQuestions: "每人每天提问上限（0 为不限）",
        dailyAnswers: "每人每天回答上限（0 为不限）",
        minAccountAgeHours: "注册满多少小时后才能发帖",
        signUpOpen: "开放注册",
        anonymousPosting: "允许匿名提问和回答",
        anonymousMinAccountDays: "注册满多少天后才能匿名发帖（0 为不限）",
        bannedWords: "禁用词",
        word: "词",
        block: "拒绝发布",
        review: "进入审核",
        add_word: "添加禁用词",
        remove_word: "删除",
        saved: "设置已保存，5 秒内在所有实例生效",
      },
    },
  },
  "en-US": {
    moderation: {
      config: {
        preModeration: "Pre-moderation",
        off: "Off",
        newMembers: "A new member's first N posts",
        all: "Every post",
        preModerationPosts: "N (posts reviewed for a new member)",
        dailyQuestions: "Questions a member may ask a day (0: no limit)",
        dailyAnswers: "Answers a member may write a day (0: no limit)",
        minAccountAgeHours: "Hours an account must exist before posting",
        signUpOpen: "Sign-up open",
        anonymousPosting: "Allow anonymous questions and answers",
        anonymousMinAccountDays:
          "Days an account must exist before posting anonymously (0: none)",
        bannedWords: "Banned words",
        word: "Word",
        block: "Refuse the post",
        review: "Send to review",
        add_word: "Add a banned word",
        remove_word: "Remove",
        saved: "Settings saved; every instance applies them within 5 s",
      },
    },
  },
};

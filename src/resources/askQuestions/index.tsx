import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

const AskQuestionScreen = lazyChunk(
  "ask-manage",
  () =>
    import("./AskQuestionScreen").then((m) => ({
      default: m.AskQuestionScreen,
    })),
  ["moderation"],
);

/**
 * The Q&A questions resource, at /admin/askManage: the list (search, filters, sort,
 * paging), each row's moderation buttons (hide with a reason, close, pin, edit, history,
 * reveal an anonymous author) and the bulk ones, and the review queue in a second tab.
 */
export const askQuestions = resourceManifest({
  page: "askManage",
  recordName: { "zh-CN": "问题", "en-US": "Question |||| Questions" },
  apiPath: "ask/admin/questions",
  permissionModule: "askTopic",
  inputSchema: () =>
    import("../../../common/schemas/ask-moderation").then(
      (m) => m.questionModerationSchema,
    ),
  list: () => <LazyPage component={AskQuestionScreen} />,
  recordRepresentation: "title",
});

/**
 * The review queue (questions and answers held for review), read through the data
 * provider only: approving or rejecting one is its question's or answer's update.
 */
export const askReview = resourceManifest({
  name: "admin/askReview",
  recordName: {
    "zh-CN": "待审核内容",
    "en-US": "Post waiting for review |||| Posts waiting for review",
  },
  // No menu entry of its own to take the list's title from.
  listTitle: { "zh-CN": "审核队列", "en-US": "Review queue" },
  apiPath: "ask/admin/review",
  permissionModule: "askTopic",
});

export default askQuestions;

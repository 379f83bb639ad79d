import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

const TopicAnswerScreen = lazyChunk(
  "topic-detail-manage",
  () =>
    import("./TopicAnswerList").then((m) => ({
      default: m.TopicAnswerScreen,
    })),
  ["moderation"],
);

/**
 * A question's answers, at /admin/topicDetailManage?id=<question>: the list (state
 * filter, sort, paging) with each answer's moderation buttons (hide with a reason,
 * recommend with a note, edit with a revision kept, mute the author); without an id, a
 * question picker.
 */
export default resourceManifest({
  page: "topicDetailManage",
  recordName: { "zh-CN": "回答", "en-US": "Answer |||| Answers" },
  // Not the menu entry's title ("问题详情管理", "Manage question details").
  listTitle: { "zh-CN": "问题详情", "en-US": "Question details" },
  apiPath: "ask/admin/answers",
  permissionModule: "askAnswer",
  inputSchema: () =>
    import("../../../common/schemas/ask-moderation").then(
      (m) => m.answerModerationSchema,
    ),
  list: () => <LazyPage component={TopicAnswerScreen} />,
  recordRepresentation: "excerpt",
});

import { ASK_TAG_FIELD_LABELS } from "../../../common/schemas/ask-tag-labels";

/** The Q&A tags resource's strings (askTagManage). */
export const askTagMessages = {
  "zh-CN": {
    moderation: {
      tag: {
        merge_title: "合并标签：%{name}",
        merge_help: "把此标签下的所有问题移到目标标签，然后删除此标签",
        delete_title: "删除标签：%{name}",
        delete_content: "确定删除这个标签吗？没有问题使用它。",
        in_use_title: "标签“%{name}”仍在使用",
        in_use:
          "有 %{smart_count} 个问题使用这个标签，不能直接删除。可以把它合并到另一个标签：问题会移过去，然后删除此标签。",
        merge_instead: "合并到其他标签",
      },
    },
    resources: {
      "admin/askTagManage": {
        forcedCaseName: "问答标签",
        fields: ASK_TAG_FIELD_LABELS["zh-CN"],
      },
    },
  },
  "en-US": {
    moderation: {
      tag: {
        merge_title: "Merge tag: %{name}",
        merge_help:
          "Moves every question of this tag to the target, then removes this tag",
        delete_title: "Delete tag: %{name}",
        delete_content: "Delete this tag? No question uses it.",
        in_use_title: "Tag “%{name}” is in use",
        in_use:
          "%{smart_count} question uses this tag, so it cannot be deleted. Merge it into another tag instead: its question moves there, then this tag is removed. |||| %{smart_count} questions use this tag, so it cannot be deleted. Merge it into another tag instead: its questions move there, then this tag is removed.",
        merge_instead: "Merge into another tag",
      },
    },
    resources: {
      "admin/askTagManage": {
        // Kept as written in sentences ("Delete Q&A tag #7"), not lower-cased.
        forcedCaseName: "Q&A tag |||| Q&A tags",
        fields: ASK_TAG_FIELD_LABELS["en-US"],
      },
    },
  },
};

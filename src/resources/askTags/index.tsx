import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

const AskTagList = lazyChunk(
  "ask-tag-list",
  () => import("./AskTagList").then((m) => ({ default: m.AskTagList })),
  ["moderation", "content"],
);
const AskTagCreate = lazyChunk(
  "ask-tag-create",
  () => import("./AskTagList").then((m) => ({ default: m.AskTagCreate })),
  ["moderation", "content"],
);
const AskTagEdit = lazyChunk(
  "ask-tag-edit",
  () => import("./AskTagList").then((m) => ({ default: m.AskTagEdit })),
  ["moderation", "content"],
);

/** The Q&A tags resource, at /admin/askTagManage (create and edit are dialogs over the list). */
export default resourceManifest({
  page: "askTagManage",
  recordName: { "zh-CN": "问答标签", "en-US": "Q&A tag |||| Q&A tags" },
  apiPath: "ask/admin/tags",
  permissionModule: "askTag",
  inputSchema: () =>
    import("../../../common/schemas/ask").then((m) => m.askTagInputSchema),
  list: () => <LazyPage component={AskTagList} />,
  create: () => <LazyPage component={AskTagCreate} />,
  edit: () => <LazyPage component={AskTagEdit} />,
  recordRepresentation: "name",
});

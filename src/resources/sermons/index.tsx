import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

// The screens load on first visit: the form carries the editor, media and region inputs.
const SermonList = lazyChunk(
  "sermon-list",
  () => import("./SermonList").then((m) => ({ default: m.SermonList })),
  ["content"],
);
const MySermonList = lazyChunk(
  "my-sermon-list",
  () => import("./SermonList").then((m) => ({ default: m.MySermonList })),
  ["content"],
);
const SermonCreate = lazyChunk(
  "sermon-create",
  () => import("./SermonCreate").then((m) => ({ default: m.SermonCreate })),
  ["content", "media", "reference", "editor"],
);
const SermonEdit = lazyChunk(
  "sermon-edit",
  () => import("./SermonEdit").then((m) => ({ default: m.SermonEdit })),
  ["content", "media", "reference", "editor"],
);

/** /admin/sermonManage: every sermon. */
export const sermons = resourceManifest({
  page: "sermonManage",
  recordName: { "zh-CN": "讲道", "en-US": "Sermon |||| Sermons" },
  apiPath: "sermons",
  permissionModule: "sermon",
  inputSchema: () =>
    import("../../../common/schemas/sermon").then((m) => m.sermonInputSchema),
  list: () => <LazyPage component={SermonList} />,
  create: () => <LazyPage component={SermonCreate} />,
  edit: () => <LazyPage component={SermonEdit} />,
  recordRepresentation: "title",
});

/** /admin/mySermonManage: the same screens, the list limited to the user's own. */
export const mySermons = resourceManifest({
  page: "mySermonManage",
  recordName: { "zh-CN": "我的讲道", "en-US": "My sermon |||| My sermons" },
  apiPath: "sermons",
  permissionModule: "sermon",
  inputSchema: () =>
    import("../../../common/schemas/sermon").then((m) => m.sermonInputSchema),
  list: () => <LazyPage component={MySermonList} />,
  create: () => <LazyPage component={SermonCreate} />,
  edit: () => <LazyPage component={SermonEdit} />,
  recordRepresentation: "title",
});

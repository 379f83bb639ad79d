import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

// The screens load on first visit: they carry the form machinery and the shared zod
// schema, which the first screen (login) does not need.
const TagList = lazyChunk("tag-list", () =>
  import("./TagList").then((m) => ({ default: m.TagList })),
);
const TagCreate = lazyChunk(
  "tag-create",
  () => import("./TagCreate").then((m) => ({ default: m.TagCreate })),
  ["content"],
);
const TagEdit = lazyChunk(
  "tag-edit",
  () => import("./TagEdit").then((m) => ({ default: m.TagEdit })),
  ["content"],
);

registerPreload(() =>
  Promise.all([TagList.preload(), TagEdit.preload(), TagCreate.preload()]),
);

/** The tags resource, at /admin/tagManage. */
export default resourceManifest({
  page: "tagManage",
  recordName: { "zh-CN": "标签", "en-US": "Tag |||| Tags" },
  apiPath: "tags",
  permissionModule: "tag",
  inputSchema: () =>
    import("../../../common/schemas/tag").then((m) => m.tagInputSchema),
  list: () => <LazyPage component={TagList} />,
  create: () => <LazyPage component={TagCreate} />,
  edit: () => <LazyPage component={TagEdit} />,
  recordRepresentation: "name",
});

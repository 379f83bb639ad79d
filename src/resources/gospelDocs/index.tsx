import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

// The screens load on first visit, in one chunk: list, create and edit share the form
// machinery, the media input and the shared zod schema.
const load = () => import("./GospelDocScreens");
const GospelDocList = lazyChunk(
  "gospel-doc-list",
  () => load().then((m) => ({ default: m.GospelDocList })),
  ["content", "media"],
);
const GospelDocCreate = lazyChunk(
  "gospel-doc-create",
  () => load().then((m) => ({ default: m.GospelDocCreate })),
  ["content", "media"],
);
const GospelDocEdit = lazyChunk(
  "gospel-doc-edit",
  () => load().then((m) => ({ default: m.GospelDocEdit })),
  ["content", "media"],
);

registerPreload(() => GospelDocList.preload());

export default resourceManifest({
  page: "docManage",
  recordName: {
    "zh-CN": "福音文档",
    "en-US": "Gospel document |||| Gospel documents",
  },
  apiPath: "gospel-docs",
  permissionModule: "doc",
  inputSchema: () =>
    import("../../../common/schemas/gospel-doc").then(
      (m) => m.gospelDocInputSchema,
    ),
  list: () => <LazyPage component={GospelDocList} />,
  create: () => <LazyPage component={GospelDocCreate} />,
  edit: () => <LazyPage component={GospelDocEdit} />,
  recordRepresentation: "title",
});

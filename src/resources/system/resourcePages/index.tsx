import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const ResourcePageList = lazyChunk(
  "resource-page-list",
  () =>
    import("./ResourcePageList").then((m) => ({ default: m.ResourcePageList })),
  ["system"],
);
const ResourcePageCreate = lazyChunk(
  "resource-page-create",
  () =>
    import("./ResourcePageCreate").then((m) => ({
      default: m.ResourcePageCreate,
    })),
  ["content", "system"],
);
const ResourcePageEdit = lazyChunk(
  "resource-page-edit",
  () =>
    import("./ResourcePageEdit").then((m) => ({ default: m.ResourcePageEdit })),
  ["content", "system"],
);

/** The menu registry, at /admin/system/resourcePageManage. */
export default resourceManifest({
  page: "system/resourcePageManage",
  recordName: {
    "zh-CN": "资源页面",
    "en-US": "Resource page |||| Resource pages",
  },
  apiPath: "system/resource-pages",
  permissionModule: "resourcePage",
  inputSchema: () =>
    import("../../../../common/schemas/resource-page").then(
      (m) => m.resourcePageInputSchema,
    ),
  list: () => <LazyPage component={ResourcePageList} />,
  create: () => <LazyPage component={ResourcePageCreate} />,
  edit: () => <LazyPage component={ResourcePageEdit} />,
  recordRepresentation: (record: { titleZh: string }) => record.titleZh,
});

import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const NoticeList = lazyChunk(
  "live-notice-list",
  () => import("./NoticeList").then((m) => ({ default: m.NoticeList })),
  ["live"],
);
const NoticeCreate = lazyChunk(
  "live-notice-create",
  () => import("./NoticeForm").then((m) => ({ default: m.NoticeCreate })),
  ["content", "live"],
);
const NoticeEdit = lazyChunk(
  "live-notice-edit",
  () => import("./NoticeForm").then((m) => ({ default: m.NoticeEdit })),
  ["content", "live"],
);

/** The live notices resource, at /admin/configLiveNotice. */
export default resourceManifest({
  page: "configLiveNotice",
  recordName: { "zh-CN": "直播公告", "en-US": "Live notice |||| Live notices" },
  apiPath: "live-notices",
  permissionModule: "liveNotice",
  inputSchema: () =>
    import("../../../../common/schemas/live").then(
      (m) => m.liveNoticeInputSchema,
    ),
  list: () => <LazyPage component={NoticeList} />,
  create: () => <LazyPage component={NoticeCreate} />,
  edit: () => <LazyPage component={NoticeEdit} />,
  recordRepresentation: "textZh",
});

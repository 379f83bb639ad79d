import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const LiveVideoList = lazyChunk(
  "live-video-list",
  () => import("./LiveVideoList").then((m) => ({ default: m.LiveVideoList })),
  ["live"],
);
const LiveVideoCreate = lazyChunk(
  "live-video-create",
  () => import("./LiveVideoForm").then((m) => ({ default: m.LiveVideoCreate })),
  ["content", "media", "live"],
);
const LiveVideoEdit = lazyChunk(
  "live-video-edit",
  () => import("./LiveVideoForm").then((m) => ({ default: m.LiveVideoEdit })),
  ["content", "media", "live"],
);

/** The live videos resource, at /admin/liveVideoManage. */
export default resourceManifest({
  page: "liveVideoManage",
  recordName: { "zh-CN": "直播视频", "en-US": "Live video |||| Live videos" },
  apiPath: "live-videos",
  permissionModule: "liveVideo",
  inputSchema: () =>
    import("../../../../common/schemas/live").then(
      (m) => m.liveVideoInputSchema,
    ),
  // The status moves through its own buttons (LiveVideoActions), not the form.
  unsentFields: ["status"],
  list: () => <LazyPage component={LiveVideoList} />,
  create: () => <LazyPage component={LiveVideoCreate} />,
  edit: () => <LazyPage component={LiveVideoEdit} />,
  recordRepresentation: "title",
});

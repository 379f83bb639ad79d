import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

// The screens load on first visit, in one chunk: list, create and edit share the form
// machinery, the media input and the shared zod schema.
const load = () => import("./VideoScreens");
const VideoList = lazyChunk(
  "video-list",
  () => load().then((m) => ({ default: m.VideoList })),
  ["content", "media"],
);
const VideoCreate = lazyChunk(
  "video-create",
  () => load().then((m) => ({ default: m.VideoCreate })),
  ["content", "media"],
);
const VideoEdit = lazyChunk(
  "video-edit",
  () => load().then((m) => ({ default: m.VideoEdit })),
  ["content", "media"],
);

registerPreload(() => VideoList.preload());

export default resourceManifest({
  page: "videoManage",
  recordName: { "zh-CN": "视频", "en-US": "Video |||| Videos" },
  apiPath: "videos",
  permissionModule: "video",
  inputSchema: () =>
    import("../../../common/schemas/video").then((m) => m.videoInputSchema),
  list: () => <LazyPage component={VideoList} />,
  create: () => <LazyPage component={VideoCreate} />,
  edit: () => <LazyPage component={VideoEdit} />,
  recordRepresentation: "title",
});

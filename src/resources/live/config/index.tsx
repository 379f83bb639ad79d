import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const LiveConfigPage = lazyChunk(
  "live-config",
  () => import("./LiveConfigPage").then((m) => ({ default: m.LiveConfigPage })),
  ["content", "media", "live"],
);

/** /admin/configLive: the live settings, one record, loaded on first visit. */
export default resourceManifest({
  page: "configLive",
  recordName: { "zh-CN": "直播设置", "en-US": "Live settings" },
  apiPath: "live-config",
  permissionModule: "liveConfig",
  pages: [
    { path: "configLive", element: <LazyPage component={LiveConfigPage} /> },
  ],
});

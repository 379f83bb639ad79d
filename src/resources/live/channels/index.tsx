import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

// Loaded on first visit; hls.js only when a preview starts.
const ChannelList = lazyChunk(
  "channel-list",
  () => import("./ChannelList").then((m) => ({ default: m.ChannelList })),
  ["live"],
);
const ChannelCreate = lazyChunk(
  "channel-create",
  () => import("./ChannelForm").then((m) => ({ default: m.ChannelCreate })),
  ["content", "media", "live"],
);
const ChannelEdit = lazyChunk(
  "channel-edit",
  () => import("./ChannelForm").then((m) => ({ default: m.ChannelEdit })),
  ["content", "media", "live"],
);

/** The live channels resource, at /admin/channelManage. */
export default resourceManifest({
  page: "channelManage",
  recordName: {
    "zh-CN": "直播频道",
    "en-US": "Live channel |||| Live channels",
  },
  apiPath: "channels",
  permissionModule: "channel",
  inputSchema: () =>
    import("../../../../common/schemas/live").then((m) => m.channelInputSchema),
  list: () => <LazyPage component={ChannelList} />,
  create: () => <LazyPage component={ChannelCreate} />,
  edit: () => <LazyPage component={ChannelEdit} />,
  recordRepresentation: "name",
});

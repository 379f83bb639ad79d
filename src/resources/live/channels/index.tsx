import CellTowerIcon from "@mui/icons-material/CellTower";
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
export default {
  list: () => <LazyPage component={ChannelList} />,
  create: () => <LazyPage component={ChannelCreate} />,
  edit: () => <LazyPage component={ChannelEdit} />,
  icon: CellTowerIcon,
  recordRepresentation: "name",
};

import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
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
export default {
  list: () => <LazyPage component={LiveVideoList} />,
  create: () => <LazyPage component={LiveVideoCreate} />,
  edit: () => <LazyPage component={LiveVideoEdit} />,
  icon: OndemandVideoIcon,
  recordRepresentation: "title",
};

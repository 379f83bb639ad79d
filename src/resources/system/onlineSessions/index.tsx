import DevicesOtherIcon from "@mui/icons-material/DevicesOther";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const SessionList = lazyChunk(
  "session-list",
  () => import("./SessionList").then((m) => ({ default: m.SessionList })),
  ["system"],
);

/** Online sessions, at /admin/system/onlineSessions. */
export default {
  list: () => <LazyPage component={SessionList} />,
  icon: DevicesOtherIcon,
  recordRepresentation: "loginName",
};

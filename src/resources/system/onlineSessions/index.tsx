import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const SessionList = lazyChunk(
  "session-list",
  () => import("./SessionList").then((m) => ({ default: m.SessionList })),
  ["system"],
);

/** Online sessions, at /admin/system/onlineSessions. */
export default resourceManifest({
  page: "system/onlineSessions",
  recordName: { "zh-CN": "会话", "en-US": "Session |||| Sessions" },
  apiPath: "system/sessions",
  permissionModule: "session",
  list: () => <LazyPage component={SessionList} />,
  recordRepresentation: "loginName",
});

import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const LoginLogList = lazyChunk(
  "login-log-list",
  () => import("./LoginLogList").then((m) => ({ default: m.LoginLogList })),
  ["system"],
);

/** The login log, at /admin/system/loginLog (read-only). */
export default resourceManifest({
  page: "system/loginLog",
  apiPath: "system/login-logs",
  permissionModule: "loginLog",
  list: () => <LazyPage component={LoginLogList} />,
  recordRepresentation: "loginName",
});

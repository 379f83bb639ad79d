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
  recordName: {
    "zh-CN": "登录记录",
    "en-US": "Login record |||| Login records",
  },
  apiPath: "system/login-logs",
  permissionModule: "loginLog",
  list: () => <LazyPage component={LoginLogList} />,
  recordRepresentation: "loginName",
});

import LoginIcon from "@mui/icons-material/Login";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const LoginLogList = lazyChunk(
  "login-log-list",
  () => import("./LoginLogList").then((m) => ({ default: m.LoginLogList })),
  ["system"],
);

/** The login log, at /admin/system/loginLog (read-only). */
export default {
  list: () => <LazyPage component={LoginLogList} />,
  icon: LoginIcon,
  recordRepresentation: "loginName",
};

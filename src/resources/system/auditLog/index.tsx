import ManageSearchIcon from "@mui/icons-material/ManageSearch";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const AuditLogList = lazyChunk(
  "audit-log-list",
  () => import("./AuditLogList").then((m) => ({ default: m.AuditLogList })),
  ["system"],
);
const AuditLogShow = lazyChunk(
  "audit-log-show",
  () => import("./AuditLogShow").then((m) => ({ default: m.AuditLogShow })),
  ["system"],
);

/** The audit log, at /admin/system/auditLog (read-only). */
export default {
  list: () => <LazyPage component={AuditLogList} />,
  show: () => <LazyPage component={AuditLogShow} />,
  icon: ManageSearchIcon,
  recordRepresentation: "id",
};

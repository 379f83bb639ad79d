import { resourceManifest } from "../../../kit/manifest";
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
export default resourceManifest({
  page: "system/auditLog",
  recordName: {
    "zh-CN": "审计记录",
    "en-US": "Audit log entry |||| Audit log entries",
  },
  apiPath: "system/audit-logs",
  permissionModule: "auditLog",
  list: () => <LazyPage component={AuditLogList} />,
  show: () => <LazyPage component={AuditLogShow} />,
  recordRepresentation: "id",
});

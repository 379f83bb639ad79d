import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const OutboxList = lazyChunk(
  "outbox-list",
  () => import("./OutboxList").then((m) => ({ default: m.OutboxList })),
  ["system"],
);

/** The mail outbox, at /admin/system/mailOutbox (read-only, plus resend). */
export default resourceManifest({
  page: "system/mailOutbox",
  recordName: { "zh-CN": "邮件", "en-US": "Message |||| Messages" },
  apiPath: "system/outbox",
  permissionModule: "outbox",
  list: () => <LazyPage component={OutboxList} />,
  recordRepresentation: "recipient",
});

import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

const AskComplaintList = lazyChunk(
  "ask-complaint-list",
  () =>
    import("./AskComplaintList").then((m) => ({ default: m.AskComplaintList })),
  ["moderation"],
);

/** The reports resource, at /admin/askComplaintManage: grouped by post, resolved per group. */
export default resourceManifest({
  page: "askComplaintManage",
  recordName: { "zh-CN": "举报", "en-US": "Report |||| Reports" },
  apiPath: "ask/admin/reports",
  permissionModule: "askComplaint",
  list: () => <LazyPage component={AskComplaintList} />,
});

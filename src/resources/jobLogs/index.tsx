import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

const JobLogList = lazyChunk(
  "job-log-list",
  () => import("./JobLogList").then((m) => ({ default: m.JobLogList })),
  ["jobs"],
);

registerPreload(() => JobLogList.preload());

/** The job logs, at /admin/system/joblogManage (read, export and clear only). */
export default resourceManifest({
  page: "system/joblogManage",
  recordName: {
    "zh-CN": "任务日志",
    "en-US": "Job log entry |||| Job log entries",
  },
  apiPath: "system/job-logs",
  permissionModule: "jobLog",
  list: () => <LazyPage component={JobLogList} />,
});

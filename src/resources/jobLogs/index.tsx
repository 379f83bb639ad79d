import HistoryIcon from "@mui/icons-material/History";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

const JobLogList = lazyChunk(
  "job-log-list",
  () => import("./JobLogList").then((m) => ({ default: m.JobLogList })),
  ["jobs"],
);

registerPreload(() => JobLogList.preload());

/** The job logs, at /admin/system/joblogManage (read, export and clear only). */
export default {
  list: () => <LazyPage component={JobLogList} />,
  icon: HistoryIcon,
};

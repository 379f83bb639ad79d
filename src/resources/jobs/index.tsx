import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

// Loaded on first visit: croner, the form machinery and the shared schemas.
const JobList = lazyChunk(
  "job-list",
  () => import("./JobList").then((m) => ({ default: m.JobList })),
  ["jobs"],
);
const JobCreate = lazyChunk(
  "job-create",
  () => import("./JobCreate").then((m) => ({ default: m.JobCreate })),
  ["content", "jobs"],
);
const JobEdit = lazyChunk(
  "job-edit",
  () => import("./JobEdit").then((m) => ({ default: m.JobEdit })),
  ["content", "jobs"],
);

registerPreload(() =>
  Promise.all([JobList.preload(), JobEdit.preload(), JobCreate.preload()]),
);

/** The jobs resource, at /admin/system/jobManage. */
export default resourceManifest({
  page: "system/jobManage",
  recordName: { "zh-CN": "定时任务", "en-US": "Job |||| Jobs" },
  apiPath: "system/jobs",
  permissionModule: "job",
  inputSchema: () =>
    import("../../../common/schemas/job").then((m) => m.jobInputSchema),
  list: () => <LazyPage component={JobList} />,
  create: () => <LazyPage component={JobCreate} />,
  edit: () => <LazyPage component={JobEdit} />,
  recordRepresentation: "name",
});

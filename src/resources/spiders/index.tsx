import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

// Loaded on first visit: the form machinery and the shared schemas.
const SpiderList = lazyChunk(
  "spider-list",
  () => import("./SpiderList").then((m) => ({ default: m.SpiderList })),
  ["spiders"],
);
const SpiderCreate = lazyChunk(
  "spider-create",
  () => import("./SpiderCreate").then((m) => ({ default: m.SpiderCreate })),
  ["content", "jobs", "spiders"],
);
const SpiderEdit = lazyChunk(
  "spider-edit",
  () => import("./SpiderEdit").then((m) => ({ default: m.SpiderEdit })),
  ["content", "jobs", "spiders"],
);

registerPreload(() =>
  Promise.all([
    SpiderList.preload(),
    SpiderEdit.preload(),
    SpiderCreate.preload(),
  ]),
);

/** The crawler's sources, at /admin/spiderManage. */
export default resourceManifest({
  page: "spiderManage",
  recordName: {
    "zh-CN": "采集配置",
    "en-US": "Crawler source |||| Crawler sources",
  },
  apiPath: "spiders",
  permissionModule: "spider",
  inputSchema: () =>
    import("../../../common/schemas/spider").then((m) => m.spiderInputSchema),
  list: () => <LazyPage component={SpiderList} />,
  create: () => <LazyPage component={SpiderCreate} />,
  edit: () => <LazyPage component={SpiderEdit} />,
  recordRepresentation: "name",
});

/** A source's runs, read by the spider screens (no menu entry or screen of its own). */
export const spiderRuns = resourceManifest({
  name: "admin/spiderRuns",
  recordName: { "zh-CN": "运行记录", "en-US": "Run |||| Runs" },
  apiPath: "spider-runs",
  permissionModule: "spider",
});

import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

// The statistics screen and its chart library load on first visit.
const BehaviorStatsPage = lazyChunk(
  "behavior-stats",
  () =>
    import("../../behaviorStats/BehaviorStatsPage").then((m) => ({
      default: m.BehaviorStatsPage,
    })),
  ["behaviorStats"],
);

/** /admin/system/userBehaviorStat: the behaviour statistics, a page of its own. */
export default resourceManifest({
  page: "system/userBehaviorStat",
  apiPath: "system/behavior-stats",
  permissionModule: "behaviorStat",
  pages: [
    {
      path: "system/userBehaviorStat",
      element: <LazyPage component={BehaviorStatsPage} />,
    },
  ],
});

import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

/** /admin/configManage, loaded on first visit (the editor and the media picker). */
const MinistryConfigPage = lazyChunk(
  "ministry-config",
  () =>
    import("./MinistryConfigPage").then((m) => ({
      default: m.MinistryConfigPage,
    })),
  ["media", "reference", "editor", "ministry", "content"],
);

/** The ministry's settings: one record, edited on a page of its own. */
export default resourceManifest({
  page: "configManage",
  apiPath: "ministry-config",
  permissionModule: "ministryConfig",
  pages: [
    {
      path: "configManage",
      element: <LazyPage component={MinistryConfigPage} />,
    },
  ],
});

import { lazyChunk } from "../../layout/chunks";

/** /admin/configManage, loaded on first visit (the editor and the media picker). */
export const MinistryConfigPage = lazyChunk(
  "ministry-config",
  () =>
    import("./MinistryConfigPage").then((m) => ({
      default: m.MinistryConfigPage,
    })),
  ["media", "reference", "editor", "ministry", "content"],
);

import { LazyPage, lazyChunk } from "../../../layout/chunks";

const LiveConfigPage = lazyChunk(
  "live-config",
  () => import("./LiveConfigPage").then((m) => ({ default: m.LiveConfigPage })),
  ["content", "media", "live"],
);

/** /admin/configLive, loaded on first visit. */
export function LiveConfigRoute() {
  return <LazyPage component={LiveConfigPage} />;
}

import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";

const Page = lazyChunk(
  "ask-config",
  () => import("./AskConfigPage").then((m) => ({ default: m.AskConfigPage })),
  ["moderation"],
);

/** The Q&A settings (askConfig). */
export default resourceManifest({
  page: "askConfig",
  permissionModule: "askConfig",
  pages: [{ path: "askConfig", element: <LazyPage component={Page} /> }],
});

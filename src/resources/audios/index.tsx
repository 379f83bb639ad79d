import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

// The screens load on first visit, in one chunk: list, create and edit share the form
// machinery, the media input and the shared zod schema.
const load = () => import("./AudioScreens");
const AudioList = lazyChunk(
  "audio-list",
  () => load().then((m) => ({ default: m.AudioList })),
  ["content", "media"],
);
const AudioCreate = lazyChunk(
  "audio-create",
  () => load().then((m) => ({ default: m.AudioCreate })),
  ["content", "media"],
);
const AudioEdit = lazyChunk(
  "audio-edit",
  () => load().then((m) => ({ default: m.AudioEdit })),
  ["content", "media"],
);

registerPreload(() => AudioList.preload());

export default resourceManifest({
  page: "audioManage",
  recordName: { "zh-CN": "音频", "en-US": "Audio |||| Audio" },
  apiPath: "audios",
  permissionModule: "audio",
  inputSchema: () =>
    import("../../../common/schemas/audio").then((m) => m.audioInputSchema),
  list: () => <LazyPage component={AudioList} />,
  create: () => <LazyPage component={AudioCreate} />,
  edit: () => <LazyPage component={AudioEdit} />,
  recordRepresentation: "title",
});

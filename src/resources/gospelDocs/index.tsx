import DescriptionIcon from "@mui/icons-material/Description";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { registerPreload } from "../../layout/preload";

// The screens load on first visit, in one chunk: list, create and edit share the form
// machinery, the media input and the shared zod schema.
const load = () => import("./GospelDocScreens");
const GospelDocList = lazyChunk(
  "gospel-doc-list",
  () => load().then((m) => ({ default: m.GospelDocList })),
  ["content", "media"],
);
const GospelDocCreate = lazyChunk(
  "gospel-doc-create",
  () => load().then((m) => ({ default: m.GospelDocCreate })),
  ["content", "media"],
);
const GospelDocEdit = lazyChunk(
  "gospel-doc-edit",
  () => load().then((m) => ({ default: m.GospelDocEdit })),
  ["content", "media"],
);

registerPreload(() => GospelDocList.preload());

export default {
  list: () => <LazyPage component={GospelDocList} />,
  create: () => <LazyPage component={GospelDocCreate} />,
  edit: () => <LazyPage component={GospelDocEdit} />,
  icon: DescriptionIcon,
  recordRepresentation: "title",
};

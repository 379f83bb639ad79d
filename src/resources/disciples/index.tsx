import GroupsIcon from "@mui/icons-material/Groups";
import { LazyPage, lazyChunk } from "../../layout/chunks";

// Loaded on first visit: the form machinery, the shared schema and the region inputs.
const DiscipleList = lazyChunk(
  "disciple-list",
  () => import("./DiscipleList").then((m) => ({ default: m.DiscipleList })),
  ["reference", "disciples"],
);
const DiscipleCreate = lazyChunk(
  "disciple-create",
  () => import("./DiscipleForm").then((m) => ({ default: m.DiscipleCreate })),
  ["content", "reference", "disciples"],
);
const DiscipleEdit = lazyChunk(
  "disciple-edit",
  () => import("./DiscipleForm").then((m) => ({ default: m.DiscipleEdit })),
  ["content", "reference", "disciples"],
);
export const DiscipleImport = lazyChunk(
  "disciple-import",
  () => import("./DiscipleImport").then((m) => ({ default: m.DiscipleImport })),
  ["disciples"],
);

/** The believers resource, at /admin/discipleManage. */
export default {
  list: () => <LazyPage component={DiscipleList} />,
  create: () => <LazyPage component={DiscipleCreate} />,
  edit: () => <LazyPage component={DiscipleEdit} />,
  icon: GroupsIcon,
  recordRepresentation: "name",
};

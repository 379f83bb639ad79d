import SettingsIcon from "@mui/icons-material/Settings";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const ConfigList = lazyChunk(
  "config-list",
  () => import("./ConfigList").then((m) => ({ default: m.ConfigList })),
  ["system"],
);
const ConfigCreate = lazyChunk(
  "config-create",
  () => import("./ConfigCreate").then((m) => ({ default: m.ConfigCreate })),
  ["content", "system"],
);
const ConfigEdit = lazyChunk(
  "config-edit",
  () => import("./ConfigEdit").then((m) => ({ default: m.ConfigEdit })),
  ["content", "system"],
);

/** System configuration, at /admin/system/configManage. */
export default {
  list: () => <LazyPage component={ConfigList} />,
  create: () => <LazyPage component={ConfigCreate} />,
  edit: () => <LazyPage component={ConfigEdit} />,
  icon: SettingsIcon,
  recordRepresentation: "key",
};

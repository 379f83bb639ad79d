import { resourceManifest } from "../../../kit/manifest";
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
export default resourceManifest({
  page: "system/configManage",
  recordName: {
    "zh-CN": "配置项",
    "en-US": "Configuration entry |||| Configuration entries",
  },
  apiPath: "system/configs",
  permissionModule: "config",
  inputSchema: () =>
    import("../../../../common/schemas/config").then(
      (m) => m.configInputSchema,
    ),
  list: () => <LazyPage component={ConfigList} />,
  create: () => <LazyPage component={ConfigCreate} />,
  edit: () => <LazyPage component={ConfigEdit} />,
  recordRepresentation: "key",
});

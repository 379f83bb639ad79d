import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const PermissionTreePage = lazyChunk(
  "permission-tree",
  () =>
    import("./PermissionTreePage").then((m) => ({
      default: m.PermissionTreePage,
    })),
  ["system"],
);

/**
 * The permission tree, at /admin/system/permission/resource: a read-only resource (so it
 * has its menu name and title); the page checks `permission:read` itself.
 */
export default resourceManifest({
  page: "system/permission/resource",
  recordName: {
    "zh-CN": "权限资源",
    "en-US": "Permission resource |||| Permission resources",
  },
  apiPath: "system/permissions",
  permissionModule: "permission",
  list: () => <LazyPage component={PermissionTreePage} />,
});

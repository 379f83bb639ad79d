import SecurityIcon from "@mui/icons-material/Security";
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
export default {
  list: () => <LazyPage component={PermissionTreePage} />,
  icon: SecurityIcon,
};

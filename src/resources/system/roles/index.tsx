import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const RoleList = lazyChunk(
  "role-list",
  () => import("./RoleList").then((m) => ({ default: m.RoleList })),
  ["system"],
);
const RoleCreate = lazyChunk(
  "role-create",
  () => import("./RoleCreate").then((m) => ({ default: m.RoleCreate })),
  ["content", "system"],
);
const RoleEdit = lazyChunk(
  "role-edit",
  () => import("./RoleEdit").then((m) => ({ default: m.RoleEdit })),
  ["content", "system"],
);

/** Roles, at /admin/system/roleManage. */
export default resourceManifest({
  page: "system/roleManage",
  recordName: { "zh-CN": "角色", "en-US": "Role |||| Roles" },
  apiPath: "system/roles",
  permissionModule: "role",
  inputSchema: () =>
    import("../../../../common/schemas/role").then((m) => m.roleInputSchema),
  list: () => <LazyPage component={RoleList} />,
  create: () => <LazyPage component={RoleCreate} />,
  edit: () => <LazyPage component={RoleEdit} />,
  recordRepresentation: "name",
});

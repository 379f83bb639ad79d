import { resourceManifest } from "../../../kit/manifest";
import { LazyPage, lazyChunk } from "../../../layout/chunks";

const UserList = lazyChunk(
  "user-list",
  () => import("./UserList").then((m) => ({ default: m.UserList })),
  ["content", "system"],
);
const UserCreate = lazyChunk(
  "user-create",
  () => import("./UserCreate").then((m) => ({ default: m.UserCreate })),
  ["content", "system"],
);
const UserEdit = lazyChunk(
  "user-edit",
  () => import("./UserEdit").then((m) => ({ default: m.UserEdit })),
  ["content", "system"],
);

/** Users, at /admin/system/userManage. */
export default resourceManifest({
  page: "system/userManage",
  recordName: { "zh-CN": "用户", "en-US": "User |||| Users" },
  apiPath: "system/users",
  permissionModule: "user",
  inputSchema: () =>
    import("../../../../common/schemas/user").then((m) => m.userCreateSchema),
  list: () => <LazyPage component={UserList} />,
  create: () => <LazyPage component={UserCreate} />,
  edit: () => <LazyPage component={UserEdit} />,
  recordRepresentation: "loginName",
});

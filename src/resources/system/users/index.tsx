import PeopleIcon from "@mui/icons-material/People";
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
export default {
  list: () => <LazyPage component={UserList} />,
  create: () => <LazyPage component={UserCreate} />,
  edit: () => <LazyPage component={UserEdit} />,
  icon: PeopleIcon,
  recordRepresentation: "loginName",
};

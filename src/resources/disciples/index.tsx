import { resourceManifest } from "../../kit/manifest";
import { LazyPage, lazyChunk } from "../../layout/chunks";
import { RequirePermission } from "../../layout/RequirePermission";

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
export default resourceManifest({
  page: "discipleManage",
  recordName: { "zh-CN": "信徒", "en-US": "Believer |||| Believers" },
  apiPath: "disciples",
  permissionModule: "disciple",
  pages: [
    {
      path: "discipleManage/import",
      // The import's duplicate check compares phone numbers: it needs the contact
      // permission too (docs/believers.md).
      element: (
        <RequirePermission code="disciple:contact">
          <LazyPage component={DiscipleImport} />
        </RequirePermission>
      ),
      permission: "disciple:create",
    },
  ],
  inputSchema: () =>
    import("../../../common/schemas/disciple").then(
      (m) => m.discipleInputSchema,
    ),
  list: () => <LazyPage component={DiscipleList} />,
  create: () => <LazyPage component={DiscipleCreate} />,
  edit: () => <LazyPage component={DiscipleEdit} />,
  recordRepresentation: "name",
});

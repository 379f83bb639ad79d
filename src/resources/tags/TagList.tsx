import {
  BulkDeleteButton,
  CreateButton,
  DataTable,
  DateField,
  List,
  SearchInput,
  TopToolbar,
  useCanAccess,
} from "react-admin";
import { CsvExportButton } from "../CsvExportButton";

const RESOURCE = "admin/tagManage";

/** Narrow screens keep the name and the sort order; the rest is one tap away in the form. */
const hiddenOnPhones = { display: { xs: "none", sm: "table-cell" } };

const filters = [<SearchInput key="q" source="q" alwaysOn />];

function TagListActions() {
  const { canAccess: canCreate } = useCanAccess({
    resource: RESOURCE,
    action: "create",
  });
  const { canAccess: canExport } = useCanAccess({
    resource: RESOURCE,
    action: "export",
  });
  return (
    <TopToolbar>
      {canCreate ? <CreateButton /> : null}
      {canExport ? <CsvExportButton /> : null}
    </TopToolbar>
  );
}

function TagBulkActions() {
  const { canAccess: canDelete } = useCanAccess({
    resource: RESOURCE,
    action: "delete",
  });
  return canDelete ? <BulkDeleteButton mutationMode="pessimistic" /> : null;
}

/** /admin/tagManage: search, sort by any column, create, edit, bulk delete, CSV export. */
export function TagList() {
  const { canAccess: canEdit } = useCanAccess({
    resource: RESOURCE,
    action: "edit",
  });
  return (
    <List
      filters={filters}
      sort={{ field: "sortOrder", order: "ASC" }}
      perPage={25}
      exporter={false}
      actions={<TagListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<TagBulkActions />}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="name" />
        <DataTable.Col source="nameEn" sx={hiddenOnPhones} />
        <DataTable.NumberCol source="sortOrder" />
        <DataTable.Col
          source="updatedAt"
          sx={{ display: { xs: "none", md: "table-cell" } }}
        >
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

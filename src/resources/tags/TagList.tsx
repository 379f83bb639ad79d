import {
  DataTable,
  DateField,
  List,
  SearchInput,
  useCanAccess,
} from "react-admin";
import {
  ResourceBulkDelete,
  ResourceListActions,
} from "../ResourceListActions";
import { HighlightField } from "../HighlightField";

const RESOURCE = "admin/tagManage";

/** Narrow screens keep the name and the sort order; the rest is one tap away in the form. */
const hiddenOnPhones = { display: { xs: "none", sm: "table-cell" } };

const filters = [<SearchInput key="q" source="q" alwaysOn />];

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
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<ResourceBulkDelete />}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="name">
          <HighlightField source="name" />
        </DataTable.Col>
        <DataTable.Col source="nameEn" sx={hiddenOnPhones}>
          <HighlightField source="nameEn" />
        </DataTable.Col>
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

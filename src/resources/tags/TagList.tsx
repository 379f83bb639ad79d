import { DataTable, SearchInput } from "react-admin";
import { ResourceList } from "../../kit/ResourceList";
import {
  BilingualNameCols,
  hiddenBelowMd,
  hiddenBelowSm,
  TimeCol,
} from "../../kit/columns";

const filters = [<SearchInput key="q" source="q" alwaysOn />];

/** /admin/tagManage: search, sort by any column, create, edit, bulk delete, CSV export. */
export function TagList() {
  // Narrow screens keep the name and the sort order; the rest is one tap away in the form.
  return (
    <ResourceList filters={filters} sort={{ field: "sortOrder", order: "ASC" }}>
      <DataTable.Col source="id" sx={hiddenBelowSm} />
      <BilingualNameCols />
      <DataTable.NumberCol source="sortOrder" />
      <TimeCol source="updatedAt" sx={hiddenBelowMd} />
    </ResourceList>
  );
}

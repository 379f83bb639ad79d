import type { ReactElement, ReactNode } from "react";
import {
  DataTable,
  DateField,
  List,
  SearchInput,
  useCanAccess,
  useResourceContext,
} from "react-admin";
import { ResourceListActions } from "../resources/ResourceListActions";
import { RowPlayer } from "./FilePlayer";
import { StatusField, WorkflowBulkActions, workflowFilters } from "./workflow";
import { HighlightField, LONG_TEXT_FIELDS } from "../resources/HighlightField";

/** Narrow screens keep the title and the status; the rest is one tap away. */
export const hiddenOnPhones = { display: { xs: "none", sm: "table-cell" } };

/**
 * A workflow resource's list: keyword, status and tag filters plus the resource's own,
 * sortable columns, CSV export, bulk publish/unpublish/archive/delete, and each row's file
 * played or opened in place when the row is expanded.
 */
export function ContentList({
  filters = [],
  fileField,
  children,
}: {
  filters?: ReactElement[];
  fileField: string;
  children: ReactNode;
}) {
  const resource = useResourceContext() ?? "";
  const { canAccess: canEdit } = useCanAccess({ resource, action: "edit" });
  return (
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        ...workflowFilters(),
        ...filters,
      ]}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
      exporter={false}
      actions={<ResourceListActions />}
    >
      <DataTable
        rowClick={canEdit ? "edit" : false}
        bulkActionButtons={<WorkflowBulkActions />}
        expand={<RowPlayer fileField={fileField} />}
      >
        <DataTable.Col source="id" sx={hiddenOnPhones} />
        <DataTable.Col source="title">
          <HighlightField source="title" snippet={LONG_TEXT_FIELDS} />
        </DataTable.Col>
        {children}
        <DataTable.Col source="status" disableSort>
          <StatusField />
        </DataTable.Col>
        <DataTable.Col
          source="publishedAt"
          sx={{ display: { xs: "none", md: "table-cell" } }}
        >
          <DateField source="publishedAt" showTime />
        </DataTable.Col>
        <DataTable.Col
          source="createdAt"
          sx={{ display: { xs: "none", md: "table-cell" } }}
        >
          <DateField source="createdAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

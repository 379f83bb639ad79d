import type { ReactElement, ReactNode } from "react";
import { DataTable, SearchInput, useTranslate } from "react-admin";
import { ResourceList } from "../ResourceList";
import { TimeCol, hiddenBelowMd, hiddenBelowSm } from "../columns";
import { RowPlayer } from "./FilePlayer";
import { StatusField } from "./StatusField";
import { WorkflowBulkActions, workflowFilters } from "./workflow";
import { HighlightField, LONG_TEXT_FIELDS } from "../HighlightField";

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
  const translate = useTranslate();
  return (
    <ResourceList
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        ...workflowFilters(translate),
        ...filters,
      ]}
      sort={{ field: "createdAt", order: "DESC" }}
      bulkActionButtons={<WorkflowBulkActions />}
      table={{ expand: <RowPlayer fileField={fileField} /> }}
    >
      <DataTable.Col source="id" sx={hiddenBelowSm} />
      <DataTable.Col source="title">
        <HighlightField source="title" snippet={LONG_TEXT_FIELDS} />
      </DataTable.Col>
      {children}
      <DataTable.Col source="status" disableSort>
        <StatusField />
      </DataTable.Col>
      <TimeCol source="publishedAt" sx={hiddenBelowMd} />
      <TimeCol source="createdAt" sx={hiddenBelowMd} />
    </ResourceList>
  );
}

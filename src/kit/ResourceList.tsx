import type { ReactElement, ReactNode } from "react";
import {
  DataTable,
  List,
  useCanAccess,
  useResourceContext,
  type DataTableProps,
  type ListProps,
  type RaRecord,
} from "react-admin";
import { ResourceBulkDelete, ResourceListActions } from "./ResourceListActions";

type TableProps<R extends RaRecord> = DataTableProps<R> & {
  /** Where a row click leads when the user may edit (react-admin's form by default). */
  editClick?: DataTableProps<R>["rowClick"];
};

/**
 * A resource's table: a row opens its form when the user may edit it, and the bulk
 * actions are the shared delete (shown with the delete permission) unless the list
 * names its own. Any DataTable prop given wins.
 */
export function ResourceTable<R extends RaRecord = RaRecord>({
  editClick = "edit",
  ...props
}: TableProps<R>) {
  const resource = useResourceContext() ?? "";
  // Asked only when the row click depends on it.
  const { canAccess: canEdit } = useCanAccess({
    resource,
    action: "edit",
    enabled: props.rowClick === undefined,
  });
  return (
    <DataTable<R>
      rowClick={canEdit ? editClick : false}
      bulkActionButtons={<ResourceBulkDelete />}
      {...props}
    />
  );
}

/**
 * A resource's list screen: its filters and first sort, 25 rows a page, the shared
 * toolbar (the server's CSV export, not react-admin's exporter), and a ResourceTable of
 * the given columns. `table` passes anything else the table needs (expand, selection).
 */
export function ResourceList<R extends RaRecord = RaRecord>({
  filters,
  filter,
  sort,
  perPage = 25,
  actions = <ResourceListActions filter={filter} />,
  header,
  bulkActionButtons,
  table,
  children,
}: {
  filters?: ReactElement[];
  /** The list's permanent filter (the toolbar's export keeps it too). */
  filter?: ListProps["filter"];
  sort: ListProps["sort"];
  perPage?: number;
  /** The toolbar above the list; false for none. */
  actions?: ReactElement | false;
  /** Shown above the table, inside the list (a summary of what it holds). */
  header?: ReactNode;
  bulkActionButtons?: DataTableProps<R>["bulkActionButtons"];
  table?: Omit<TableProps<R>, "children" | "bulkActionButtons">;
  children: ReactNode;
}) {
  return (
    <List
      filters={filters}
      filter={filter}
      sort={sort}
      perPage={perPage}
      exporter={false}
      actions={actions}
    >
      {header}
      <ResourceTable<R>
        {...table}
        {...(bulkActionButtons === undefined ? {} : { bulkActionButtons })}
      >
        {children}
      </ResourceTable>
    </List>
  );
}

import { isValidElement, type ReactNode } from "react";
import {
  BulkDeleteButton,
  BulkUpdateButton,
  CreateButton,
  FilterButton,
  TopToolbar,
  useCanAccess,
  useFilterContext,
  useResourceContext,
  type BulkUpdateButtonProps,
} from "react-admin";
import { CsvExportButton } from "./CsvExportButton";

/**
 * Whether the list has a filter that is not always on: only then is there anything for
 * "add filter" to offer (react-admin's button would otherwise appear, with nothing but
 * "remove all filters", as soon as the search box is used).
 */
function useHasTogglableFilters(): boolean {
  const filters = useFilterContext();
  return (filters ?? []).some(
    (filter) =>
      isValidElement<{ alwaysOn?: boolean }>(filter) && !filter.props.alwaysOn,
  );
}

/**
 * The toolbar above every list: "add filter" when some filters are not always on, Create
 * when the resource can be created and the user may, CSV export when the user may, then
 * the list's own buttons. Each list uses this rather than its own copy.
 */
export function ResourceListActions({
  create = true,
  exportable = true,
  filter,
  children,
}: {
  /** The list's permanent filter, which the export must keep too. */
  filter?: Record<string, unknown>;
  /** Offer Create (still only with the resource's create permission). */
  create?: boolean;
  /** Offer CSV export (still only with the resource's export permission). */
  exportable?: boolean;
  /** The list's own buttons, after the shared ones. */
  children?: ReactNode;
}) {
  const resource = useResourceContext() ?? "";
  const hasFilters = useHasTogglableFilters();
  const { canAccess: canCreate } = useCanAccess({
    resource,
    action: "create",
    enabled: create,
  });
  const { canAccess: canExport } = useCanAccess({
    resource,
    action: "export",
    enabled: exportable,
  });
  return (
    <TopToolbar>
      {hasFilters ? <FilterButton disableSaveQuery /> : null}
      {create && canCreate ? <CreateButton /> : null}
      {exportable && canExport ? <CsvExportButton filter={filter} /> : null}
      {children}
    </TopToolbar>
  );
}

/**
 * Bulk delete for lists whose rows may be deleted: shown only with the resource's delete
 * permission, pessimistic (the server's refusal must not look done).
 */
export function ResourceBulkDelete() {
  const resource = useResourceContext() ?? "";
  const { canAccess } = useCanAccess({ resource, action: "delete" });
  return canAccess ? <BulkDeleteButton mutationMode="pessimistic" /> : null;
}

/**
 * A list's bulk actions: its own updates (shown with the edit permission), then the
 * shared bulk delete (shown with the delete permission).
 */
export function ResourceBulkActions({ children }: { children: ReactNode }) {
  const resource = useResourceContext() ?? "";
  const { canAccess: canEdit } = useCanAccess({ resource, action: "edit" });
  return (
    <>
      {canEdit ? children : null}
      <ResourceBulkDelete />
    </>
  );
}

/**
 * A pessimistic bulk update whose confirmation reads "更新 2 项信徒 / Update 2 believers":
 * react-admin's own wording holds a %{recordRepresentation} that a bulk update never
 * passes, which showed raw (issue 25 item 19).
 */
export function ResourceBulkUpdate(props: BulkUpdateButtonProps) {
  return (
    <BulkUpdateButton
      mutationMode="pessimistic"
      confirmTitle="app.bulk_update.title"
      confirmContent="app.bulk_update.content"
      {...props}
    />
  );
}

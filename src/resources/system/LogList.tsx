import type { ReactElement, ReactNode } from "react";
import { codeChoices } from "../../kit/choices";
import { DateInput, useRecordContext, useTranslate } from "react-admin";
import { ResourceListActions } from "../../kit/ResourceListActions";
import { ResourceList } from "../../kit/ResourceList";
import { TimeCol } from "../../kit/columns";

/**
 * What the read-only log lists (audit log, login log) share: newest first, 25 a page,
 * "add filter" and CSV export, a date range after the list's own filters, and the time
 * column first. Each list adds its filters and its other columns.
 */
export function LogList({
  filters,
  rowClick = false,
  children,
}: {
  filters: ReactElement[];
  rowClick?: "show" | false;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <ResourceList
      filters={[
        ...filters,
        <DateInput
          key="from"
          source="createdAtFrom"
          label={translate("system.filter.from")}
        />,
        <DateInput
          key="to"
          source="createdAtTo"
          label={translate("system.filter.to")}
        />,
      ]}
      sort={{ field: "createdAt", order: "DESC" }}
      actions={<ResourceListActions create={false} />}
      bulkActionButtons={false}
      table={{ rowClick }}
    >
      <TimeCol source="createdAt" />
      {children}
    </ResourceList>
  );
}

/** A coded value (an action, a result) in the interface's language; unknown ones as they are. */
export function CodeField({
  source,
  prefix,
}: {
  source: string;
  prefix: string;
}) {
  const translate = useTranslate();
  const record = useRecordContext<Record<string, unknown>>();
  const value = String(record?.[source] ?? "");
  return <>{translate(`${prefix}.${value}`, { _: value })}</>;
}

/** The choices of a coded filter, labelled in the interface's language. */
export function useCodeChoices(codes: readonly string[], prefix: string) {
  const translate = useTranslate();
  return codeChoices(codes, prefix, translate);
}

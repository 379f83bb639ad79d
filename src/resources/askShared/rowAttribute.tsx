import { memo, type ComponentType } from "react";
import {
  DataTableBody,
  DataTableRow,
  useRecordContext,
  type DataTableBodyProps,
  type DataTableRowProps,
} from "react-admin";

/**
 * A DataTable body whose rows carry `data-<name>="<record id>"`: the moderation screens'
 * rows are found by it (the end-to-end tests, and a link's anchor).
 */
export function bodyWithRowAttribute(
  name: string,
): ComponentType<DataTableBodyProps> {
  const Row = (props: DataTableRowProps) => {
    const record = useRecordContext();
    return <DataTableRow {...props} {...{ [`data-${name}`]: record?.id }} />;
  };
  const Body = memo((props: DataTableBodyProps) => (
    <DataTableBody {...props} row={Row} />
  ));
  Body.displayName = `BodyWith(${name})`;
  return Body;
}

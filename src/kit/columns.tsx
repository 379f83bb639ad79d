import { DataTable, DateField, type DataTableColumnProps } from "react-admin";
import { HighlightField } from "./HighlightField";

/** A column phones leave out (shown from the `sm` breakpoint up). */
export const hiddenBelowSm = { display: { xs: "none", sm: "table-cell" } };
/** A column phones and narrow tablets leave out (shown from `md` up). */
export const hiddenBelowMd = { display: { xs: "none", md: "table-cell" } };

/** A column that shows a time (date and clock) from the field it sorts by. */
export function TimeCol({
  source,
  ...props
}: Omit<DataTableColumnProps, "children"> & { source: string }) {
  return (
    <DataTable.Col source={source} {...props}>
      <DateField source={source} showTime />
    </DataTable.Col>
  );
}

/**
 * A record's name in both languages (`name`, `nameEn`), each with the list's keyword
 * marked; the English one leaves a phone's narrow table.
 */
export function BilingualNameCols() {
  return (
    <>
      <DataTable.Col source="name">
        <HighlightField source="name" />
      </DataTable.Col>
      <DataTable.Col source="nameEn" sx={hiddenBelowSm}>
        <HighlightField source="nameEn" />
      </DataTable.Col>
    </>
  );
}

import TablePagination, {
  type TablePaginationProps,
} from "@mui/material/TablePagination";
import { useTranslate } from "react-admin";

/**
 * MUI's TablePagination with react-admin's wording: on its own it reads "1–1 of 1" and
 * "Go to next page" in English whatever the language (issue 25 item 13). Screens that
 * page by hand (the moderation lists) use this instead.
 */
export function AppTablePagination(props: TablePaginationProps<"div">) {
  const translate = useTranslate();
  return (
    <TablePagination
      labelRowsPerPage={translate("ra.navigation.page_rows_per_page")}
      labelDisplayedRows={({ from, to, count }) =>
        translate("ra.navigation.page_range_info", {
          offsetBegin: from,
          offsetEnd: to,
          total: count,
        })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      {...props}
    />
  );
}

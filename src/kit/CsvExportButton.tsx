import { useState } from "react";
import DownloadIcon from "@mui/icons-material/Download";
import { Button, useListContext, useTranslate } from "react-admin";
import { mainClient } from "../http";
import { useApiPath } from "./useApiPath";

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = "noopener";
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Downloads every row that matches the list's current filter as CSV from the server's
 * export endpoint (not just the page on screen). The request needs the Authorization
 * header, so it is fetched through the client and saved as a blob.
 */
export function CsvExportButton({
  filter,
}: {
  /** The list's permanent filter (react-admin keeps it out of filterValues). */
  filter?: Record<string, unknown>;
} = {}) {
  const translate = useTranslate();
  const apiPath = useApiPath();
  const { filterValues, sort, total } = useListContext();
  const [busy, setBusy] = useState(false);

  const exportCsv = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await mainClient.download(
        `/${apiPath()}/export`,
        {
          format: "csv",
          filter: { ...(filterValues ?? {}), ...filter },
          sort: sort ? [sort.field, sort.order] : undefined,
          // Times in the export are written in the admin's own zone; the server names
          // it in the column headers (docs/decisions.md, CSV export).
          tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
      );
      saveBlob(blob, filename ?? `${apiPath}.csv`);
    } catch {
      // the client has shown why
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      label={translate("app.export.csv")}
      onClick={exportCsv}
      disabled={busy || total === 0}
      data-testid="csv-export"
    >
      <DownloadIcon />
    </Button>
  );
}

import {
  DataTable,
  FunctionField,
  Pagination,
  ReferenceManyField,
  useTranslate,
} from "react-admin";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { SpiderRun } from "../../../common/schemas/spider";
import { TimeCol, hiddenBelowMd } from "../../kit/columns";

/** A source's run log: pages fetched, items created, duplicates skipped, errors. */
export function SpiderRuns() {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ p: 2 }} aria-labelledby="spider-runs-title">
      <Typography variant="h6" component="h2" id="spider-runs-title">
        {translate("spiders.runs")}
      </Typography>
      <ReferenceManyField
        reference="admin/spiderRuns"
        target="spiderId"
        sort={{ field: "startedAt", order: "DESC" }}
        perPage={10}
        pagination={<Pagination rowsPerPageOptions={[10, 25]} />}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <TimeCol source="startedAt" />
          <DataTable.Col source="status">
            <FunctionField<SpiderRun>
              render={(run) => (
                <Chip
                  size="small"
                  color={
                    run.status === "success"
                      ? "success"
                      : run.status === "failed"
                        ? "error"
                        : "default"
                  }
                  label={translate(`spiders.run_status.${run.status}`)}
                />
              )}
            />
          </DataTable.Col>
          <DataTable.Col source="pagesFetched" />
          <DataTable.Col source="itemsCreated" />
          <DataTable.Col source="duplicatesSkipped" />
          <DataTable.Col source="blockedByRobots" sx={hiddenBelowMd} />
          <DataTable.Col source="errors" />
          <DataTable.Col source="errorLog" disableSort sx={hiddenBelowMd}>
            <FunctionField<SpiderRun>
              render={(run) =>
                run.errorLog
                  .slice(0, 3)
                  .map((entry) => `${entry.url}: ${entry.message}`)
                  .join("; ") ||
                run.message ||
                ""
              }
            />
          </DataTable.Col>
        </DataTable>
      </ReferenceManyField>
    </Box>
  );
}

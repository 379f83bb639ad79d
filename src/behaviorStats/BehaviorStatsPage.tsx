import { lazy, Suspense, useEffect, useState } from "react";
import { Button, Title, useCanAccess, useTranslate } from "react-admin";
import DownloadIcon from "@mui/icons-material/Download";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { statsDayOf, type BehaviorStats } from "../../common/schemas/behavior";
import { mainClient } from "../http";
import { saveBlob } from "../kit/CsvExportButton";
import { AccessDenied } from "../layout/AccessDenied";

// The chart library loads only with the charts, after the numbers.
const PerDayChart = lazy(() =>
  import("./StatsCharts").then((m) => ({ default: m.PerDayChart })),
);
const TopChart = lazy(() =>
  import("./StatsCharts").then((m) => ({ default: m.TopChart })),
);
const DeviceChart = lazy(() =>
  import("./StatsCharts").then((m) => ({ default: m.DeviceChart })),
);

const RESOURCE = "admin/system/userBehaviorStat";

/** A day as the statistics count it: in their time zone, not the browser's. */

function validRange(from: string, to: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(from) &&
    /^\d{4}-\d{2}-\d{2}$/.test(to) &&
    from <= to &&
    Date.parse(to) - Date.parse(from) <= 366 * 24 * 3600 * 1000
  );
}

function Section({
  title,
  rows,
  testId,
  chart,
  label,
}: {
  title: string;
  rows: BehaviorStats["topPaths"];
  testId: string;
  chart?: "bar" | "pie";
  label?: (key: string) => string;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ height: "100%" }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {rows.length === 0 ? (
          <Typography color="text.secondary">
            {translate("stats.none")}
          </Typography>
        ) : (
          <>
            <Suspense fallback={null}>
              {chart === "pie" ? (
                <DeviceChart rows={rows} />
              ) : (
                <TopChart
                  rows={rows.map((r) => ({
                    ...r,
                    key: label ? label(r.key) : r.key,
                  }))}
                />
              )}
            </Suspense>
            <Table size="small" data-testid={testId}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate("stats.key")}</TableCell>
                  <TableCell align="right">
                    {translate("stats.count")}
                  </TableCell>
                  <TableCell align="right">{translate("stats.uv")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.key}>
                    <TableCell>{label ? label(row.key) : row.key}</TableCell>
                    <TableCell align="right">{row.pv}</TableCell>
                    <TableCell align="right">{row.uv}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** /admin/system/userBehaviorStat: a date range, the day series and the top lists. */
export function BehaviorStatsPage() {
  const translate = useTranslate();
  const { canAccess, isPending } = useCanAccess({
    resource: RESOURCE,
    action: "list",
  });
  const { canAccess: canExport } = useCanAccess({
    resource: RESOURCE,
    action: "export",
  });
  const [from, setFrom] = useState(() =>
    statsDayOf(Date.now() - 6 * 24 * 3600 * 1000),
  );
  const [to, setTo] = useState(() => statsDayOf(Date.now()));
  const [stats, setStats] = useState<BehaviorStats>();
  const valid = validRange(from, to);

  useEffect(() => {
    if (!valid || !canAccess) return;
    let live = true;
    mainClient
      .get<BehaviorStats>("/system/behavior-stats", { from, to })
      .then((answer) => live && setStats(answer.data))
      .catch(() => undefined); // the client has shown the message
    return () => {
      live = false;
    };
  }, [from, to, valid, canAccess]);

  if (isPending) return null;
  if (!canAccess) return <AccessDenied />;

  const totals = stats?.series.reduce(
    (sum, day) => ({
      pv: sum.pv + day.pv,
      uv: sum.uv + day.uv,
      sessions: sum.sessions + day.sessions,
    }),
    { pv: 0, uv: 0, sessions: 0 },
  );
  const exportCsv = async () => {
    const { blob, filename } = await mainClient.download(
      "/system/behavior-stats/export",
      { from, to },
    );
    saveBlob(blob, filename ?? `behavior-${from}-${to}.csv`);
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate("app.page_names.system/userBehaviorStat")} />
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={2}
        sx={{ mb: 2 }}
        alignItems="flex-start"
      >
        <TextField
          type="date"
          label={translate("stats.from")}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          error={!valid}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={translate("stats.to")}
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={!valid}
          helperText={valid ? " " : translate("stats.bad_range")}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {canExport ? (
          <Button label="stats.export" onClick={exportCsv} disabled={!valid}>
            <DownloadIcon />
          </Button>
        ) : null}
      </Stack>
      {stats && totals ? (
        <Grid container spacing={2}>
          {(["pv", "uv", "sessions"] as const).map((key) => (
            <Grid key={key} size={{ xs: 12, sm: 4 }}>
              <Card variant="outlined">
                <CardContent>
                  <Typography color="text.secondary">
                    {translate(`stats.${key}`)}
                  </Typography>
                  <Typography
                    variant="h4"
                    component="p"
                    data-testid={`total-${key}`}
                  >
                    {totals[key]}
                  </Typography>
                </CardContent>
              </Card>
            </Grid>
          ))}
          <Grid size={12}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate("stats.per_day")}
                </Typography>
                <Suspense fallback={null}>
                  <PerDayChart stats={stats} />
                </Suspense>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title={translate("stats.top_pages")}
              rows={stats.topPaths}
              testId="top-pages"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title={translate("stats.devices")}
              rows={stats.devices}
              testId="devices"
              chart="pie"
              label={(key) => translate(`stats.device.${key}`, { _: key })}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title={translate("stats.referrers")}
              rows={stats.referrers}
              testId="referrers"
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Section
              title={translate("stats.events")}
              rows={stats.events}
              testId="events"
            />
          </Grid>
        </Grid>
      ) : null}
    </Box>
  );
}

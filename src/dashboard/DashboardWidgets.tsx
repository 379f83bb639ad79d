import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link } from "react-router-dom";
import { useLocaleState, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemText from "@mui/material/ListItemText";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import MuiLink from "@mui/material/Link";
import type { Dashboard } from "../../common/schemas/dashboard";
import { mainClient } from "../http";

// The chart library loads only when the traffic widget is shown.
const TrafficChart = lazy(() =>
  import("./TrafficChart").then((m) => ({ default: m.TrafficChart })),
);

function Widget({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ height: "100%" }}
    >
      <CardContent>
        <Typography variant="h6" component="h2" id={id} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function useTime() {
  const [locale] = useLocaleState();
  const format = new Intl.DateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "short",
  });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * The admin home's widgets (issue 13 item 7): one request, and only the widgets the
 * server answered (each only when its feature exists and the user holds its permission).
 */
/** Whether e-mail can leave, and what waits or failed in the outbox (outbox:read). */
function MailWidget({ mail }: { mail: NonNullable<Dashboard["mail"]> }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Widget id="dashboard-mail" title={translate("dashboard.mail")}>
        {mail.configured ? null : (
          <Typography variant="body2" color="warning.main">
            {translate("dashboard.mail_not_configured")}
          </Typography>
        )}
        <Typography
          variant="body2"
          color={mail.failed > 0 ? "error" : "text.secondary"}
        >
          {translate("dashboard.mail_status", {
            pending: mail.pending,
            failed: mail.failed,
          })}
        </Typography>
        <MuiLink component={Link} to="/admin/system/mailOutbox">
          {translate("dashboard.more_mail")}
        </MuiLink>
      </Widget>
    </Grid>
  );
}

/**
 * Roles that read believers' contact details (disciple:contact) with a password alone: a
 * warning until each requires two-factor login (role:read).
 */
function TwoFactorWarning({
  roles,
}: {
  roles: NonNullable<Dashboard["twoFactorWarnings"]>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (roles.length === 0) return null;
  return (
    <Grid size={{ xs: 12 }}>
      <Alert severity="warning" data-testid="dashboard-two-factor">
        {translate("dashboard.two_factor_warning", {
          smart_count: roles.length,
          roles: roles
            .map((role) => (locale === "en-US" ? role.nameEn : role.name))
            .join(locale === "en-US" ? ", " : "、"),
        })}{" "}
        <MuiLink component={Link} to="/admin/system/roleManage">
          {translate("dashboard.two_factor_roles")}
        </MuiLink>
      </Alert>
    </Grid>
  );
}

/** The count tiles: one link per kind of record the user may see. */
function CountTiles({ counts }: { counts: NonNullable<Dashboard["counts"]> }) {
  const translate = useTranslate();
  return (
    <Grid
      container
      spacing={1.5}
      sx={{ mb: 2 }}
      component="ul"
      aria-label={translate("dashboard.counts")}
      style={{ listStyle: "none", padding: 0 }}
    >
      {counts.map((entry) => (
        <Grid
          key={entry.key}
          size={{ xs: 6, sm: 4, md: 3, lg: 2 }}
          component="li"
        >
          <Card variant="outlined" sx={{ height: "100%" }}>
            <CardActionArea
              component={Link}
              to={entry.path}
              sx={{ height: "100%" }}
            >
              <CardContent>
                <Typography variant="h5" component="p">
                  {entry.count.toLocaleString()}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(`dashboard.count.${entry.key}`)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}

export function DashboardWidgets() {
  const translate = useTranslate();
  const time = useTime();
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    mainClient
      .get<Dashboard>("/system/dashboard")
      .then((answer) => live && setData(answer.data))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, []);
  if (failed) return null;
  if (!data) return <Skeleton variant="rounded" height={120} sx={{ mb: 3 }} />;
  const empty = (text: string) => (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
  return (
    <Box sx={{ mb: 3 }} data-testid="dashboard">
      {data.counts ? <CountTiles counts={data.counts} /> : null}
      <Grid container spacing={2}>
        {data.traffic ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget
              id="dashboard-traffic"
              title={translate("dashboard.traffic")}
            >
              <Typography variant="body2" sx={{ mb: 1 }}>
                {translate("dashboard.traffic_total", {
                  pv: data.traffic.reduce((sum, d) => sum + d.pv, 0),
                  uv: data.traffic.reduce((sum, d) => sum + d.uv, 0),
                })}
              </Typography>
              <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
                <TrafficChart days={data.traffic} />
              </Suspense>
              <MuiLink component={Link} to="/admin/system/userBehaviorStat">
                {translate("dashboard.more_stats")}
              </MuiLink>
            </Widget>
          </Grid>
        ) : null}
        {data.failedJobs ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget
              id="dashboard-failed"
              title={translate("dashboard.failed_jobs")}
            >
              <Typography
                variant="body2"
                color={data.failedJobs.total > 0 ? "error" : "text.secondary"}
              >
                {translate("dashboard.failed_total", {
                  count: data.failedJobs.total,
                })}
              </Typography>
              <List dense>
                {data.failedJobs.recent.map((log) => (
                  <ListItem key={log.id} disableGutters>
                    <ListItemText
                      primary={`${log.jobName} · ${time(log.startedAt)}`}
                      secondary={log.error ?? ""}
                      slotProps={{
                        secondary: { sx: { wordBreak: "break-word" } },
                      }}
                    />
                  </ListItem>
                ))}
              </List>
              <MuiLink
                component={Link}
                to={`/admin/system/joblogManage?filter=${encodeURIComponent(JSON.stringify({ status: "failed" }))}`}
              >
                {translate("dashboard.more_jobs")}
              </MuiLink>
            </Widget>
          </Grid>
        ) : null}
        {data.twoFactorWarnings ? (
          <TwoFactorWarning roles={data.twoFactorWarnings} />
        ) : null}
        {data.mail ? <MailWidget mail={data.mail} /> : null}
        {data.scheduled || data.liveVideos ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget
              id="dashboard-upcoming"
              title={translate("dashboard.upcoming")}
            >
              <List dense>
                {(data.liveVideos ?? []).map((video) => (
                  <ListItem key={`live-${video.id}`} disableGutters>
                    <ListItemText
                      primary={video.title}
                      secondary={`${translate("dashboard.live")} · ${time(video.startAt)}`}
                    />
                  </ListItem>
                ))}
                {(data.scheduled ?? []).map((item) => (
                  <ListItem key={`${item.key}-${item.id}`} disableGutters>
                    <ListItemText
                      primary={
                        <MuiLink component={Link} to={item.path}>
                          {item.title}
                        </MuiLink>
                      }
                      secondary={`${translate(`dashboard.count.${item.key}`)} · ${time(item.publishAt)}`}
                    />
                  </ListItem>
                ))}
              </List>
              {(data.scheduled ?? []).length +
                (data.liveVideos ?? []).length ===
              0
                ? empty(translate("dashboard.nothing_upcoming"))
                : null}
            </Widget>
          </Grid>
        ) : null}
        {data.audit ? (
          <Grid size={{ xs: 12, md: 6 }}>
            <Widget id="dashboard-audit" title={translate("dashboard.audit")}>
              <List dense>
                {data.audit.map((entry) => (
                  <ListItem key={entry.id} disableGutters>
                    <ListItemText
                      primary={`${entry.loginName ?? "—"} · ${translate(`dashboard.audit_action.${entry.action}`, { _: entry.action })} · ${translate(`dashboard.audit_resource.${entry.resource}`, { _: entry.resource })}${entry.recordId ? ` #${entry.recordId}` : ""}`}
                      secondary={time(entry.createdAt)}
                    />
                  </ListItem>
                ))}
              </List>
              {data.audit.length === 0
                ? empty(translate("dashboard.nothing"))
                : null}
              <MuiLink component={Link} to="/admin/system/auditLog">
                {translate("dashboard.more_audit")}
              </MuiLink>
            </Widget>
          </Grid>
        ) : null}
      </Grid>
    </Box>
  );
}

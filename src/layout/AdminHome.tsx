import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { Link } from "react-router-dom";
import {
  Title,
  useGetIdentity,
  usePermissions,
  useTranslate,
} from "react-admin";
import { ADMIN_PAGES, MENU_GROUPS, pageNameKey } from "./adminPages";
import { LazyPage, lazyChunk } from "./chunks";

// The widgets (and, inside them, the chart library) load after the home's first paint.
const DashboardWidgets = lazyChunk(
  "dashboard",
  () =>
    import("../dashboard/DashboardWidgets").then((m) => ({
      default: m.DashboardWidgets,
    })),
  ["dashboard"],
);

/**
 * /admin: the back office home: the dashboard's widgets, then the pages the user may open,
 * grouped as in the menu (a tile for a page they cannot open only led to "access denied").
 */
export function AdminHome() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<string[]>();
  const held = new Set(Array.isArray(permissions) ? permissions : []);
  const openable = ADMIN_PAGES.filter((page) => held.has(page.permission));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate("app.home.title")} />
      {/* the app bar's title is the page's h1 */}
      <Typography variant="h5" component="h2" gutterBottom>
        {translate("app.home.welcome", { name: identity?.fullName ?? "" })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate("app.home.intro")}
      </Typography>
      <LazyPage component={DashboardWidgets} />
      {MENU_GROUPS.filter((group) =>
        openable.some((page) => page.group === group),
      ).map((group) => (
        <Box key={group} component="section" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {translate(`app.menu.${group}`)}
          </Typography>
          <Grid container spacing={1.5}>
            {openable
              .filter((page) => page.group === group)
              .map(({ path, icon: Icon }) => (
                <Grid key={path} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
                  <Card variant="outlined" sx={{ height: "100%" }}>
                    <CardActionArea
                      component={Link}
                      to={`/admin/${path}`}
                      sx={{ height: "100%" }}
                    >
                      <CardContent
                        sx={{ display: "flex", alignItems: "center", gap: 1 }}
                      >
                        <Icon />
                        <Typography variant="body2">
                          {translate(pageNameKey(path))}
                        </Typography>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
          </Grid>
        </Box>
      ))}
    </Box>
  );
}

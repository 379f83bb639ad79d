import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link, useLocation } from "react-router-dom";
import { Title, useTranslate } from "react-admin";
import { isAdminPath } from "./adminPages";

/** The fallback page for any unknown path (react-admin's catch-all). */
export function NotFound() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const insideAdmin = isAdminPath(pathname);
  return (
    <Box
      sx={{ p: { xs: 2, sm: 4 }, textAlign: "center" }}
      data-testid="not-found"
    >
      <Title title={translate("app.not_found.title")} />
      <Typography
        variant="h2"
        component="p"
        color="text.secondary"
        sx={{ fontWeight: 300 }}
      >
        404
      </Typography>
      {/* inside the back office the app bar's title is the page's h1 */}
      <Typography
        variant="h5"
        component={insideAdmin ? "h2" : "h1"}
        gutterBottom
      >
        {translate("app.not_found.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, wordBreak: "break-all" }}>
        {translate("app.not_found.message", { path: pathname })}
      </Typography>
      <Button
        component={Link}
        to={insideAdmin ? "/admin" : "/"}
        variant="contained"
      >
        {translate(insideAdmin ? "app.not_found.admin" : "app.not_found.home")}
      </Button>
    </Box>
  );
}

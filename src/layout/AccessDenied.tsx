import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router-dom";
import { Title, useTranslate } from "react-admin";

/** Where react-admin sends a user who lacks the permission for a page. */
export function AccessDenied() {
  const translate = useTranslate();
  return (
    <Box
      sx={{ p: { xs: 2, sm: 4 }, textAlign: "center" }}
      data-testid="access-denied"
    >
      <Title title={translate("ra.page.access_denied")} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate("ra.page.access_denied")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate("ra.message.access_denied")}
      </Typography>
      <Button component={Link} to="/admin" variant="contained">
        {translate("app.not_found.admin")}
      </Button>
    </Box>
  );
}

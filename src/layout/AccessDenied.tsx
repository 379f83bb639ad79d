import Button from "@mui/material/Button";
import { Link } from "react-router-dom";
import { useTranslate } from "react-admin";
import { StatusPage } from "./StatusPage";

/** Where react-admin sends a user who lacks the permission for a page. */
export function AccessDenied() {
  const translate = useTranslate();
  return (
    <StatusPage
      testId="access-denied"
      title={translate("ra.page.access_denied")}
      message={translate("ra.message.access_denied")}
      action={
        <Button component={Link} to="/admin" variant="contained">
          {translate("app.not_found.admin")}
        </Button>
      }
    />
  );
}

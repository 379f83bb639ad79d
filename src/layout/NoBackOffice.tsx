import { useEffect } from "react";
import Button from "@mui/material/Button";
import { useTranslate } from "react-admin";
import { StatusPage } from "./StatusPage";
import { PUBLIC_SITE_ROUTES } from "../../common/app-routes";

/** Where a user who holds only community codes goes instead of the back office. */
export const COMMUNITY_HOME = PUBLIC_SITE_ROUTES[0];
/** Long enough to read the line and find the button (WCAG 2.2.1 asks for time), short enough not to feel stuck. */
const LEAVE_AFTER_MS = 10_000;

/**
 * A member who signs in at /admin holds no back-office code: instead of tiles for pages
 * they may not open (issue 25 item 9), one friendly line, a link, and the community site
 * a moment later.
 */
export function NoBackOffice() {
  const translate = useTranslate();
  useEffect(() => {
    const timer = window.setTimeout(
      () => window.location.assign(COMMUNITY_HOME),
      LEAVE_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <StatusPage
      testId="no-back-office"
      title={translate("app.no_back_office.title")}
      message={translate("app.no_back_office.message")}
      action={
        <Button href={COMMUNITY_HOME} variant="contained">
          {translate("app.no_back_office.go")}
        </Button>
      }
    />
  );
}

import { useTranslate } from "react-admin";

/** The product name in the current language: react-admin's default page title. */
export function AppTitle() {
  const translate = useTranslate();
  return <>{translate("app.short_title")}</>;
}

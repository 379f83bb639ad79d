import { useSiteName } from "./useSiteName";

/** The site's name in the current language: react-admin's default page title. */
export function AppTitle() {
  return <>{useSiteName().short}</>;
}

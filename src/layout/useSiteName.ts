import { useQuery } from "@tanstack/react-query";
import { useLocaleState, useTranslate } from "react-admin";
import type { Site } from "../../common/schemas/config";
import { systemClient } from "../http";

/** The query of the site's names; a configuration save invalidates it. */
export const SITE_QUERY_KEY = ["tjc", "system/site"] as const;

/**
 * The site's name from the system configuration (`site.name` / `site.nameEn`, read from
 * `GET /tjc/system/site`) in the interface's language, and the back office's full title
 * built from it. Until it has loaded, or when it cannot be read, the built-in names stand.
 * It is read again when the window regains focus after a minute, so a change made
 * elsewhere shows without a reload; a change made here shows at once (the configuration
 * screen invalidates it).
 */
export function useSiteName(): { short: string; full: string } {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data } = useQuery({
    queryKey: SITE_QUERY_KEY,
    queryFn: async () =>
      (await systemClient.get<Site>("system/site", undefined, { quiet: true }))
        .data,
    staleTime: 60_000,
    retry: false,
  });
  const configured = data
    ? (locale === "en-US" ? data.nameEn : data.name).trim()
    : "";
  const short = configured || translate("app.short_title");
  return { short, full: translate("app.title_of", { name: short }) };
}

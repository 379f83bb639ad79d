import { useQueryClient } from "@tanstack/react-query";
import { SITE_QUERY_KEY } from "../../../layout/useSiteName";

/**
 * After a configuration write the site's name is read again, so a new `site.name` shows
 * in the title bar at once (this instance rereads its settings on commit).
 */
export function useRefreshSite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: SITE_QUERY_KEY });
  };
}

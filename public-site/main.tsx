import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { adoptFormSession } from "./api";
import { Site } from "./App";
import { withStoredHtml } from "./pages/ContentParts";
import type { SiteProps } from "./data";
import "./site.css";
import "./pages/sermons/sermons.css";
import { startBehaviorTracking } from "./TrackBehavior";

adoptFormSession();
// The server rendered the page and sent what it rendered from; hydrate the same tree.
const props = JSON.parse(
  document.getElementById("page-data")?.textContent ?? "null",
) as SiteProps | null;
if (props) {
  // A content page's stored HTML is in the page once, not in its data as well.
  props.data = withStoredHtml(props.data, document);
  hydrateRoot(
    document.getElementById("root")!,
    <StrictMode>
      <Site {...props} />
    </StrictMode>,
  );
}
startBehaviorTracking();

import { BackToTop } from "./BackToTop";
import { DocumentTitle } from "./DocumentTitle";
import { LoadingOverlay } from "./LoadingOverlay";
import { NoticeBridge } from "./NoticeBridge";

/** The root view's fixtures (spec section 2), present on every page of the admin app. */
export function ShellChrome() {
  return (
    <>
      <DocumentTitle />
      <NoticeBridge />
      <LoadingOverlay />
      <BackToTop />
    </>
  );
}

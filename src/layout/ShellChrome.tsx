import { useEffect } from "react";
import { useTranslate } from "react-admin";
import { BackToTop } from "./BackToTop";
import { LoadingOverlay } from "./LoadingOverlay";
import { NoticeBridge } from "./NoticeBridge";

/** The root view's fixtures (spec section 2), present on every page of the admin app. */
export function ShellChrome() {
  const translate = useTranslate();
  useEffect(() => {
    document.title = translate("app.title");
  }, [translate]);
  return (
    <>
      <NoticeBridge />
      <LoadingOverlay />
      <BackToTop />
    </>
  );
}

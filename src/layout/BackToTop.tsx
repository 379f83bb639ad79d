import { useEffect, useState } from "react";
import Fab from "@mui/material/Fab";
import Zoom from "@mui/material/Zoom";
import KeyboardArrowUpIcon from "@mui/icons-material/KeyboardArrowUp";
import { useTranslate } from "react-admin";
import { BACK_TO_TOP_OFFSET_PX } from "../../common/constants";

/** The button shows once the page has scrolled this far. */
export const BACK_TO_TOP_SHOW_AFTER_PX = 200;

export function BackToTop() {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_SHOW_AFTER_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  return (
    <Zoom in={visible} unmountOnExit>
      <Fab
        color="primary"
        size="medium"
        aria-label={translate("app.back_to_top")}
        title={translate("app.back_to_top")}
        data-testid="back-to-top"
        onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
        sx={(theme) => ({
          position: "fixed",
          right: 24,
          bottom: BACK_TO_TOP_OFFSET_PX,
          zIndex: theme.zIndex.speedDial,
        })}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}

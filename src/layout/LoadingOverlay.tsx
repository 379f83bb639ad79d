import { useSyncExternalStore } from "react";
import Backdrop from "@mui/material/Backdrop";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslate } from "react-admin";
import { loadingFlag } from "../http/loading";

/** The full-screen "Loading" overlay that follows the global loading flag. */
export function LoadingOverlay() {
  const translate = useTranslate();
  const visible = useSyncExternalStore(
    loadingFlag.subscribe,
    loadingFlag.isVisible,
    loadingFlag.isVisible,
  );
  return (
    <Backdrop
      open={visible}
      unmountOnExit
      data-testid="loading-overlay"
      sx={(theme) => ({
        zIndex: theme.zIndex.modal + 10,
        color: "#fff",
        flexDirection: "column",
        gap: 2,
      })}
    >
      <CircularProgress color="inherit" aria-hidden />
      <Typography role="status" aria-live="polite" variant="h6">
        {translate("app.loading")}
      </Typography>
    </Backdrop>
  );
}

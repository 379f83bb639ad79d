import { useEffect, useRef, useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Button, useTranslate } from "react-admin";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import StopIcon from "@mui/icons-material/Stop";

type State =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "playing" }
  | { kind: "error"; detail: string };

/**
 * Plays an HLS playlist in the admin. hls.js (its light build, no subtitles or DRM) loads only when the user
 * asks for the preview; a browser that plays HLS itself (Safari) uses its own player.
 */
export function HlsPreview({ url }: { url: string | null | undefined }) {
  const translate = useTranslate();
  const video = useRef<HTMLVideoElement>(null);
  const [active, setActive] = useState(false);
  const [state, setState] = useState<State>({ kind: "idle" });

  useEffect(() => {
    if (!active || !url || !video.current) return;
    const element = video.current;
    let destroy = () => {};
    let cancelled = false;
    setState({ kind: "loading" });
    const onPlaying = () => setState({ kind: "playing" });
    element.addEventListener("playing", onPlaying);
    const start = () => {
      element.muted = true; // autoplay is allowed muted
      element.play().catch(() => undefined);
    };
    import("hls.js/light").then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (Hls.isSupported()) {
          const hls = new Hls({ enableWorker: true, lowLatencyMode: true });
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal)
              setState({ kind: "error", detail: String(data.details) });
          });
          hls.on(Hls.Events.MANIFEST_PARSED, start);
          hls.loadSource(url);
          hls.attachMedia(element);
          destroy = () => hls.destroy();
        } else if (element.canPlayType("application/vnd.apple.mpegurl")) {
          element.src = url;
          start();
          destroy = () => element.removeAttribute("src");
        } else {
          setState({
            kind: "error",
            detail: translate("live.preview.unsupported"),
          });
        }
      },
      (error: Error) =>
        !cancelled && setState({ kind: "error", detail: error.message }),
    );
    return () => {
      cancelled = true;
      element.removeEventListener("playing", onPlaying);
      destroy();
    };
  }, [active, url, translate]);

  if (!url)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate("live.preview.none")}
      </Typography>
    );
  return (
    <Box>
      <Button
        label={active ? "live.preview.stop" : "live.preview.play"}
        onClick={() => {
          setActive(!active);
          if (active) setState({ kind: "idle" });
        }}
      >
        {active ? <StopIcon /> : <PlayArrowIcon />}
      </Button>
      {active ? (
        <Box sx={{ mt: 1, maxWidth: 640 }}>
          <video
            ref={video}
            controls
            playsInline
            aria-label={translate("live.preview.title")}
            style={{ width: "100%", background: "#000", aspectRatio: "16 / 9" }}
          />
          <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
            {state.kind === "loading" ? (
              <Typography variant="body2">
                {translate("live.preview.loading")}
              </Typography>
            ) : null}
            {state.kind === "playing" ? (
              <Typography variant="body2">
                {translate("live.preview.playing")}
              </Typography>
            ) : null}
            {state.kind === "error" ? (
              <Alert severity="error">
                {translate("live.preview.error", { detail: state.detail })}
              </Alert>
            ) : null}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

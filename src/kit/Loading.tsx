import { Box, CircularProgress, Typography } from "@mui/material";
import { useTimeout, useTranslate } from "react-admin";

/**
 * What a screen shows while it loads: react-admin's Loading, made readable. Its spinner
 * had no name and its "请稍候" line was light grey on the page (2.65:1), two serious axe
 * findings on any screen caught loading. Here the whole is a status region, the spinner is
 * named, and both lines use the secondary text colour. Like react-admin's, it appears only
 * after a second, so a quick load does not flash.
 */
export function Loading({
  timeout = 1000,
  loadingPrimary = "ra.page.loading",
  loadingSecondary = "ra.message.loading",
}: {
  timeout?: number;
  loadingPrimary?: string;
  loadingSecondary?: string;
}) {
  const shown = useTimeout(timeout);
  const translate = useTranslate();
  if (!shown) return null;
  const title = translate(loadingPrimary, { _: loadingPrimary });
  return (
    <Box
      role="status"
      sx={{
        display: "flex",
        flexDirection: "column",
        justifyContent: "center",
        alignItems: "center",
        height: "100%",
        py: 2,
        textAlign: "center",
        color: "text.secondary",
      }}
    >
      <CircularProgress size={96} aria-label={title} />
      <Typography variant="h5" component="p" sx={{ mt: 3 }}>
        {title}
      </Typography>
      <Typography variant="body2">
        {translate(loadingSecondary, { _: loadingSecondary })}
      </Typography>
    </Box>
  );
}

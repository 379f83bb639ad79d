import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Title, useTranslate } from "react-admin";
import { pageNameKey } from "./adminPages";

/** A spec page whose screen comes in a later issue: titled with the page's name. */
export function PlaceholderPage({ path }: { path: string }) {
  const translate = useTranslate();
  const name = translate(pageNameKey(path));
  return (
    <Box sx={{ py: 2 }}>
      <Title title={name} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        {/* the app bar's title is the page's h1 */}
        <Typography variant="h5" component="h2" gutterBottom>
          {name}
        </Typography>
        <Typography color="text.secondary">
          {translate("app.placeholder.coming")}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate("app.placeholder.path", { path: `/admin/${path}` })}
        </Typography>
      </Paper>
    </Box>
  );
}

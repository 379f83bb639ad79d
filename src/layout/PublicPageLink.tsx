import Box from "@mui/material/Box";
import MuiButton from "@mui/material/Button";
import MuiLink from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { Link } from "react-router-dom";
import { Title, useTranslate } from "react-admin";
import { pageNameKey } from "./adminPages";

/**
 * The spec's menu names four pages of the public community under 问答管理 (ask,
 * topicDetail, choicenessCommon, tagList). They are the public site's pages, so each entry
 * says what the page is and opens it, with the screen where staff act on it.
 */
const PUBLIC_PAGES: Record<string, { href: string; manage: string }> = {
  ask: { href: "/ask", manage: "askManage" },
  topicDetail: { href: "/ask", manage: "askManage" },
  choicenessCommon: { href: "/choicenessCommon", manage: "askManage" },
  tagList: { href: "/tagList", manage: "askTagManage" },
};

export const PUBLIC_PAGE_PATHS = Object.keys(PUBLIC_PAGES);

export function PublicPageLink({ path }: { path: string }) {
  const translate = useTranslate();
  const name = translate(pageNameKey(path));
  const page = PUBLIC_PAGES[path] ?? { href: "/ask", manage: "askManage" };
  return (
    <Box sx={{ py: 2 }}>
      <Title title={name} />
      <Paper variant="outlined" sx={{ p: 3 }}>
        {/* the app bar's title is the page's h1 */}
        <Typography variant="h5" component="h2" gutterBottom>
          {name}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {translate(`app.public_page.about.${path}`)}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <MuiButton
            variant="contained"
            href={page.href}
            target="_blank"
            rel="noopener"
            endIcon={<OpenInNewIcon />}
          >
            {translate("app.public_page.open", { path: page.href })}
          </MuiButton>
          <MuiLink component={Link} to={`/admin/${page.manage}`}>
            {translate("app.public_page.manage", {
              name: translate(pageNameKey(page.manage)),
            })}
          </MuiLink>
        </Stack>
      </Paper>
    </Box>
  );
}

import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import Link from "@mui/material/Link";
import { useTranslate } from "react-admin";
import { BareFrame } from "../layout/BareFrame";
import { LazyPage, lazyChunk } from "../layout/chunks";

import { TEST_ROUTES } from "../../common/app-routes";

const EditorPlayground = lazyChunk(
  "editor-playground",
  () => import("../editor/EditorPlayground"),
  ["editor"],
);
const RegionTreePage = lazyChunk(
  "region-tree",
  () => import("../reference/RegionTreePage"),
  ["reference"],
);

function TestNav() {
  const translate = useTranslate();
  return (
    <Box
      component="nav"
      aria-label={translate("app.test.nav")}
      sx={{ px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
    >
      <Stack direction="row" spacing={2} useFlexGap flexWrap="wrap">
        {TEST_ROUTES.map((path) => (
          <Link key={path} component={RouterLink} to={path} variant="body2">
            {path}
          </Link>
        ))}
      </Stack>
    </Box>
  );
}

export function EditorTestPage() {
  return (
    <BareFrame>
      <TestNav />
      <LazyPage component={EditorPlayground} />
    </BareFrame>
  );
}

export function TreeTestPage() {
  return (
    <BareFrame>
      <TestNav />
      <LazyPage component={RegionTreePage} />
    </BareFrame>
  );
}

/** /ubTest1–/ubTest4: pages for the behaviour-tracking tests (tracking arrives later). */
export function UbTestPage({ n }: { n: number }) {
  const translate = useTranslate();
  const [count, setCount] = useState(0);
  return (
    <BareFrame>
      <TestNav />
      <Container maxWidth="md" sx={{ py: 3 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate("app.test.ub_title", { n })}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate("app.test.ub_intro")}
        </Typography>
        <Stack direction="row" spacing={2} alignItems="center">
          <Button
            variant="contained"
            onClick={() => setCount((c) => c + 1)}
            data-track={`ubTest${n}-click`}
          >
            {translate("app.test.click")}
          </Button>
          <Typography aria-live="polite">
            {translate("app.test.counter", { count })}
          </Typography>
        </Stack>
      </Container>
    </BareFrame>
  );
}

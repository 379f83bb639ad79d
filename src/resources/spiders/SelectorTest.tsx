import { useState } from "react";
import ScienceIcon from "@mui/icons-material/Science";
import { Button, useCanAccess, useTranslate } from "react-admin";
import { useFormContext } from "react-hook-form";
import Box from "@mui/material/Box";
import MuiTextField from "@mui/material/TextField";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { SpiderTest } from "../../../common/schemas/spider";
import { mainClient } from "../../http";
import { SPIDER_RESOURCE } from "./SpiderList";

const FIELDS = ["title", "author", "date", "cover", "content"] as const;

/**
 * "Test selectors": fetches one page with the selectors as typed (not yet saved) and
 * shows what each one extracts, and the links a run would follow from it.
 */
export function SelectorTest() {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const [url, setUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SpiderTest | null>(null);
  const { canAccess } = useCanAccess({
    resource: SPIDER_RESOURCE,
    action: "run",
  });
  if (!canAccess) return null;
  const test = async () => {
    const values = getValues() as {
      startUrls?: string[];
      selectors?: Record<string, string | null>;
      linkPattern?: string | null;
      userAgent?: string | null;
    };
    const address = url.trim() || values.startUrls?.[0] || "";
    setBusy(true);
    setResult(null);
    try {
      const answer = await mainClient.post<SpiderTest>("/spiders/test", {
        url: address,
        selectors: values.selectors ?? {},
        linkPattern: values.linkPattern || null,
        userAgent: values.userAgent || null,
      });
      setResult(answer.data);
    } catch {
      // The client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="section"
      aria-label={translate("spiders.test")}
      sx={{
        width: "100%",
        my: 2,
        p: 2,
        border: 1,
        borderColor: "divider",
        borderRadius: 1,
      }}
    >
      <Box
        sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}
      >
        <MuiTextField
          label={translate("spiders.test_url")}
          helperText={translate("spiders.test_url_helper")}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          size="small"
          sx={{ flex: "1 1 260px" }}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <Button
          label="spiders.test"
          onClick={test}
          disabled={busy}
          variant="outlined"
        >
          <ScienceIcon />
        </Button>
      </Box>
      {result ? (
        <Box
          sx={{ mt: 2, overflowX: "auto" }}
          data-testid="selector-test-result"
        >
          <Typography variant="body2">
            {translate("spiders.test_fetched", {
              url: result.url,
              status: result.status,
            })}
          </Typography>
          <Table size="small">
            <TableBody>
              {FIELDS.map((field) => (
                <TableRow key={field}>
                  <TableCell component="th" scope="row">
                    {translate(
                      `resources.admin/spiderManage.fields.selectors.${field}`,
                    )}{" "}
                    (
                    {translate("spiders.test_matches", {
                      count: result.matches[field] ?? 0,
                    })}
                    )
                  </TableCell>
                  <TableCell sx={{ wordBreak: "break-word" }}>
                    {field === "content" && result.content ? (
                      // The server sanitised it with the shared allowlist; shown as text.
                      <Box
                        component="pre"
                        sx={{
                          whiteSpace: "pre-wrap",
                          m: 0,
                          maxHeight: 240,
                          overflow: "auto",
                        }}
                      >
                        {result.content}
                      </Box>
                    ) : (
                      (result[field] ?? translate("spiders.test_nothing"))
                    )}
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row">
                  {translate("spiders.test_links", {
                    count: result.links.length,
                  })}
                </TableCell>
                <TableCell sx={{ wordBreak: "break-all" }}>
                  {result.links.slice(0, 10).join("\n") ||
                    translate("spiders.test_nothing")}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        </Box>
      ) : null}
    </Box>
  );
}

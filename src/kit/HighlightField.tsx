import { useContext } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { ListContext, useRecordContext } from "react-admin";
import { highlightOf, type HighlightPart } from "./highlights";

/** The parts as React text and <mark> nodes: never HTML, whatever the text holds. */
export function HighlightedText({ parts }: { parts: HighlightPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.hit ? (
          <Box
            component="mark"
            key={index}
            sx={{ bgcolor: "warning.light", color: "inherit", px: 0.25 }}
          >
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/**
 * A list cell's text with the words a keyword (`q`) matched marked, as the list answered
 * them (`meta.highlights`, docs/search.md); without a keyword, the plain value. With
 * `snippet`, the first of those longer fields that matched is shown under it as a short
 * snippet (the server cuts it around the first match), so a row found by its body says
 * where. One component for every searchable list.
 */
export function HighlightField({
  source,
  snippet = [],
}: {
  source: string;
  snippet?: readonly string[];
}) {
  const record = useRecordContext();
  const list = useContext(ListContext);
  if (!record) return null;
  const meta = list?.meta;
  const value = record[source];
  const text = value === null || value === undefined ? "" : String(value);
  const parts = highlightOf(meta, record.id, source);
  const snippetField = snippet.find((field) =>
    highlightOf(meta, record.id, field),
  );
  return (
    <span>
      <Typography component="span" variant="body2">
        {parts ? <HighlightedText parts={parts} /> : text}
      </Typography>
      {snippetField ? (
        <Typography
          component="span"
          variant="caption"
          color="text.secondary"
          data-snippet={snippetField}
          sx={{ display: "block", maxWidth: "40em" }}
        >
          <HighlightedText
            parts={highlightOf(meta, record.id, snippetField)!}
          />
        </Typography>
      ) : null}
    </span>
  );
}

/** The long text fields a list's title cell shows a snippet of when the keyword matched them. */
export const LONG_TEXT_FIELDS = ["summary", "description", "body"] as const;

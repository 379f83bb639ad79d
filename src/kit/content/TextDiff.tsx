import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslate } from "react-admin";
import { textChanges } from "./textDiff";

const paneSx = {
  flex: "1 1 0",
  minWidth: 0,
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  border: 1,
  borderColor: "divider",
  borderRadius: 1,
  p: 1,
  fontSize: 14,
} as const;

/**
 * Two texts side by side: on the left what was removed (struck through, red), on the
 * right what was added (underlined, green). Marked with del/ins, not only colour.
 */
export function TextDiff({
  label,
  before,
  after,
  beforeLabel,
  afterLabel,
}: {
  label: string;
  before: string;
  after: string;
  beforeLabel: string;
  afterLabel: string;
}) {
  const translate = useTranslate();
  const changes = textChanges(before, after);
  return (
    <Box component="section" sx={{ mb: 2 }} aria-label={translate(label)}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate(label)}
      </Typography>
      <Box
        sx={{
          display: "flex",
          gap: 1,
          flexDirection: { xs: "column", sm: "row" },
        }}
      >
        <Box sx={paneSx} data-testid="diff-before">
          <Typography variant="caption" component="div" color="text.secondary">
            {beforeLabel}
          </Typography>
          {changes.map((part, index) =>
            part.added ? null : part.removed ? (
              <Box
                component="del"
                key={index}
                sx={{ bgcolor: "rgba(211,47,47,0.15)", color: "error.dark" }}
              >
                {part.value}
              </Box>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </Box>
        <Box sx={paneSx} data-testid="diff-after">
          <Typography variant="caption" component="div" color="text.secondary">
            {afterLabel}
          </Typography>
          {changes.map((part, index) =>
            part.removed ? null : part.added ? (
              <Box
                component="ins"
                key={index}
                sx={{ bgcolor: "rgba(46,125,50,0.15)", color: "success.dark" }}
              >
                {part.value}
              </Box>
            ) : (
              <span key={index}>{part.value}</span>
            ),
          )}
        </Box>
      </Box>
    </Box>
  );
}

import {
  Box,
  Container,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Typography,
} from "@mui/material";
import { useTranslate } from "ra-core";
import { useState } from "react";
import type { FontSizePreset } from "../../common/editor-rules";
import { StandaloneEditor } from "./StandaloneEditor";

/**
 * The /test/test page: the editor, and under it (#editor-value) the value it would save,
 * as plain text, for browser tests. No login; images are kept as data: URLs here.
 */
export default function EditorPlayground() {
  const translate = useTranslate();
  const [value, setValue] = useState("");
  const [preset, setPreset] = useState<FontSizePreset>("article");

  return (
    <Container maxWidth="md" sx={{ py: 3 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate("editor.playground.title")}
      </Typography>
      <RadioGroup
        row
        aria-label={translate("editor.playground.preset")}
        value={preset}
        onChange={(event) => setPreset(event.target.value as FontSizePreset)}
        sx={{ mb: 1 }}
      >
        <FormControlLabel
          value="article"
          control={<Radio size="small" />}
          label={translate("editor.playground.preset_article")}
        />
        <FormControlLabel
          value="compact"
          control={<Radio size="small" />}
          label={translate("editor.playground.preset_compact")}
        />
      </RadioGroup>
      <StandaloneEditor
        key={preset}
        preset={preset}
        value={value}
        onChange={setValue}
        id="editor"
        ariaLabel={translate("editor.playground.title")}
      />
      <Paper variant="outlined" sx={{ mt: 2, p: 1.5 }}>
        <Typography variant="subtitle2" component="h2" gutterBottom>
          {translate("editor.playground.value")}
        </Typography>
        <Box
          component="pre"
          id="editor-value"
          data-testid="editor-value"
          sx={{
            m: 0,
            whiteSpace: "pre-wrap",
            wordBreak: "break-all",
            fontFamily: "monospace",
            fontSize: 13,
            minHeight: "1.5em",
          }}
        >
          {value}
        </Box>
      </Paper>
    </Container>
  );
}

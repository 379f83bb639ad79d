import { useState } from "react";
import { Autocomplete, Box, TextField, Typography } from "@mui/material";
import { useNavigate } from "react-router-dom";
import { useTranslate } from "react-admin";
import { useLookup } from "../askShared/useLookup";

interface QuestionOption {
  id: number;
  title: string;
}

/**
 * topicDetailManage opened without a question (from the menu): find the question by
 * title, newest first, and open its answers. It was a dead end before (issue 26 item 3).
 */
export function QuestionPicker() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [input, setInput] = useState("");
  const { options } = useLookup<QuestionOption>(
    "ask/admin/questions",
    input,
    (text) => ({
      filter: JSON.stringify(text ? { q: text.slice(0, 200) } : {}),
      sort: JSON.stringify(["createdAt", "DESC"]),
      range: "[0,19]",
    }),
  );
  return (
    <Box sx={{ maxWidth: 560 }}>
      <Typography sx={{ mb: 2 }}>
        {translate("moderation.topic.pick")}
      </Typography>
      <Autocomplete
        options={options}
        filterOptions={(all) => all}
        getOptionLabel={(question) => question.title}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_, text) => setInput(text)}
        onChange={(_, question) => {
          if (question) navigate(`/admin/topicDetailManage?id=${question.id}`);
        }}
        noOptionsText={translate("moderation.empty")}
        renderInput={(params) => (
          <TextField {...params} label={translate("moderation.field.title")} />
        )}
      />
    </Box>
  );
}

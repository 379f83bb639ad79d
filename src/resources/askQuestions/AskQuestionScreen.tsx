import { useState } from "react";
import { Box, Tab, Tabs } from "@mui/material";
import { useTranslate } from "react-admin";
import { AskQuestionList } from "./AskQuestionList";
import { ReviewQueue } from "./ReviewQueue";

/** askManage (issue 15): every question in every state, and the review queue. */
export function AskQuestionScreen() {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, value: number) => setTab(value)}>
        <Tab label={translate("moderation.review.questions_tab")} />
        <Tab label={translate("moderation.review.tab")} />
      </Tabs>
      {tab === 0 ? <AskQuestionList /> : <ReviewQueue />}
    </Box>
  );
}

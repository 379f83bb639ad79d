import { useEffect } from "react";
import { Alert, Box, Typography } from "@mui/material";
import { useLocation, useSearchParams } from "react-router-dom";
import {
  DataTable,
  FunctionField,
  List,
  Pagination,
  Title,
  useGetOne,
  useListContext,
  useTranslate,
} from "react-admin";
import { MAX_PAGE_SIZE } from "../../../common/constants";
import {
  ActionsCol,
  AuthorCol,
  CreatedAtCol,
  StatusCol,
} from "../askShared/columns";
import { bodyWithRowAttribute } from "../askShared/rowAttribute";
import { StatusChip } from "../askShared/shared";
import { AnswerRowActions } from "./AnswerButtons";
import { QuestionPicker } from "./QuestionPicker";
import { RESOURCE, type Answer } from "./answerTypes";
import { codeFilter } from "../../kit/choices";

const AnswerBody = bodyWithRowAttribute("answer-id");
const rowSx = () => ({ scrollMarginTop: 72 });
const filters = [
  codeFilter(
    "status",
    ["pending", "visible", "hidden", "deleted"],
    "moderation.status",
    { label: "moderation.field.status", alwaysOn: true },
  ),
];

/** The question above its answers: title, state and opening words. */
function QuestionHeader({ id }: { id: number }) {
  const { data, error } = useGetOne<{
    id: number;
    title: string;
    status: string;
    excerpt: string;
  }>("admin/askManage", { id });
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  if (!data) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h5" component="h2">
        {data.title} <StatusChip status={data.status} />
      </Typography>
      <Typography variant="body2">{data.excerpt}</Typography>
    </Box>
  );
}

/** A link from a report opens the question at the answer (#answer-<id>): scroll to it. */
function ScrollToAnswer() {
  const { hash } = useLocation();
  const { data } = useListContext<Answer>();
  const loaded = data !== undefined;
  useEffect(() => {
    if (!loaded || !hash.startsWith("#answer-")) return;
    const id = Number(hash.slice("#answer-".length));
    document
      .querySelector(`[data-answer-id="${id}"]`)
      ?.scrollIntoView({ block: "start" });
  }, [loaded, hash]);
  return null;
}

/** One question's answers in every state: filter by state, sort by time, row buttons. */
function TopicAnswerList({ questionId }: { questionId: number }) {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <QuestionHeader id={questionId} />
      <Typography variant="h6" component="h2">
        {translate("moderation.action.answers")}
      </Typography>
      <List
        resource={RESOURCE}
        title="app.page_names.topicDetailManage"
        filter={{ questionId }}
        filters={filters}
        disableSyncWithLocation
        sort={{ field: "createdAt", order: "ASC" }}
        perPage={MAX_PAGE_SIZE}
        pagination={<Pagination rowsPerPageOptions={[25, 50, MAX_PAGE_SIZE]} />}
        exporter={false}
        actions={false}
        empty={false}
      >
        <ScrollToAnswer />
        <DataTable
          body={AnswerBody}
          rowClick={false}
          rowSx={rowSx}
          bulkActionButtons={false}
        >
          <DataTable.Col
            source="body"
            label="moderation.field.body"
            disableSort
          >
            <FunctionField<Answer>
              render={(answer) => <AnswerText answer={answer} />}
            />
          </DataTable.Col>
          <StatusCol disableSort />
          <AuthorCol kind="answers" />
          <CreatedAtCol />
          <ActionsCol>
            <AnswerRowActions />
          </ActionsCol>
        </DataTable>
      </List>
    </Box>
  );
}

/** The answer's opening words, its recommendation, reports and revisions. */
function AnswerText({ answer }: { answer: Answer }) {
  const translate = useTranslate();
  const marks = [
    answer.recommended ? `★ ${translate("moderation.field.recommended")}` : "",
    answer.openReports
      ? `${translate("moderation.field.reports")}: ${answer.openReports}`
      : "",
    answer.revisions
      ? `${translate("moderation.field.revisions")}: ${answer.revisions}`
      : "",
  ].filter(Boolean);
  return (
    <>
      <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
        {answer.excerpt}
      </Typography>
      {answer.recommendNote ? (
        <Typography variant="caption" component="div">
          {translate("moderation.field.note")}: {answer.recommendNote}
        </Typography>
      ) : null}
      {marks.length ? (
        <Typography variant="caption" component="div" color="text.secondary">
          {marks.join(" · ")}
        </Typography>
      ) : null}
    </>
  );
}

/**
 * topicDetailManage (issue 15): `?id=<question>` lists that question's answers (a report's
 * link adds `#answer-<id>`); without an id, a question picker.
 */
export function TopicAnswerScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  if (Number.isInteger(id) && id > 0)
    return <TopicAnswerList key={id} questionId={id} />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="app.page_names.topicDetailManage" />
      <QuestionPicker />
    </Box>
  );
}

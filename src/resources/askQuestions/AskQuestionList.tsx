import { useContext } from "react";
import { Box, Typography } from "@mui/material";
import { Link } from "react-router-dom";
import {
  BooleanInput,
  DataTable,
  DateInput,
  ExportButton,
  List,
  ListContext,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useTranslate,
  type Exporter,
} from "react-admin";
import { HighlightedText } from "../../kit/HighlightField";
import { highlightOf } from "../../kit/highlights";
import { ResourceListActions } from "../../kit/ResourceListActions";
import {
  ActionsCol,
  AuthorCol,
  CreatedAtCol,
  StatusCol,
} from "../askShared/columns";
import { hiddenBelowSm } from "../../kit/columns";
import { bodyWithRowAttribute } from "../askShared/rowAttribute";
import { downloadCsv } from "../askShared/shared";
import { QuestionBulkActions, QuestionRowActions } from "./QuestionButtons";
import { RESOURCE, STATUSES, type Question } from "./questionActions";
import { codeFilter } from "../../kit/choices";

const QuestionBody = bodyWithRowAttribute("question-id");
const filters = [
  <SearchInput key="q" source="q" alwaysOn inputProps={{ maxLength: 200 }} />,
  codeFilter("status", STATUSES, "moderation.status", {
    label: "moderation.field.status",
    alwaysOn: true,
  }),
  <ReferenceInput
    key="tagId"
    source="tagId"
    reference="admin/askTagManage"
    perPage={100}
    sort={{ field: "sortOrder", order: "ASC" }}
  >
    <SelectInput label="moderation.field.tags" optionText="name" />
  </ReferenceInput>,
  <TextInput
    key="passage"
    source="passage"
    label="moderation.field.passage"
    inputProps={{ maxLength: 100 }}
  />,
  <TextInput
    key="author"
    source="author"
    label="moderation.field.author"
    inputProps={{ maxLength: 64 }}
  />,
  <DateInput
    key="createdFrom"
    source="createdFrom"
    label="moderation.field.from"
  />,
  <DateInput key="createdTo" source="createdTo" label="moderation.field.to" />,
  <BooleanInput
    key="hasOpenReports"
    source="hasOpenReports"
    label="moderation.field.hasOpenReports"
  />,
];

/** The title, linked to the question's answers, with the keyword's matches and the tags. */
function TitleCell() {
  const question = useRecordContext<Question>();
  const meta = useContext(ListContext)?.meta;
  if (!question) return null;
  const title = highlightOf(meta, question.id, "title");
  const body = highlightOf(meta, question.id, "body");
  return (
    <>
      {/* A match keeps the body's text colour on its mark: link blue on it is too faint. */}
      <Box
        component={Link}
        to={`/admin/topicDetailManage?id=${question.id}`}
        sx={{ "& mark": { color: "text.primary" } }}
      >
        {question.pinned ? "📌 " : ""}
        {title ? <HighlightedText parts={title} /> : question.title}
      </Box>
      {body ? (
        <Typography
          component="div"
          variant="caption"
          color="text.secondary"
          data-snippet="body"
        >
          <HighlightedText parts={body} />
        </Typography>
      ) : null}
      <div>{question.tags.map((tag) => tag.name).join(" · ")}</div>
    </>
  );
}

/** The questions the list holds (every page, up to react-admin's limit) as CSV. */
function useQuestionExporter(): Exporter<Question> {
  const translate = useTranslate();
  const fields = [
    "title",
    "status",
    "author",
    "tags",
    "reports",
    "pinned",
    "createdAt",
  ];
  return (questions) =>
    downloadCsv(
      "askManage",
      ["ID", ...fields.map((field) => translate(`moderation.field.${field}`))],
      questions.map((q) => [
        q.id,
        q.title,
        translate(`moderation.status.${q.status}`),
        q.author.userName,
        q.tags.map((tag) => tag.name).join(" "),
        q.openReports,
        q.pinned ? "✓" : "",
        q.createdAt,
      ]),
    );
}

/**
 * askManage's questions: every question in every state; search, filter, sort, page;
 * each row's moderation actions, and one action on the selected ones at once.
 */
export function AskQuestionList() {
  const exporter = useQuestionExporter();
  return (
    <List
      resource={RESOURCE}
      title="app.page_names.askManage"
      filters={filters}
      sort={{ field: "createdAt", order: "DESC" }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      exporter={exporter}
      actions={
        <ResourceListActions create={false} exportable={false}>
          <ExportButton label="moderation.action.export" />
        </ResourceListActions>
      }
    >
      <DataTable
        body={QuestionBody}
        rowClick={false}
        bulkActionButtons={<QuestionBulkActions />}
      >
        <DataTable.Col
          source="title"
          label="moderation.field.title"
          disableSort
        >
          <TitleCell />
        </DataTable.Col>
        <StatusCol />
        <AuthorCol kind="questions" />
        <DataTable.NumberCol
          source="openReports"
          label="moderation.field.reports"
          disableSort
          sx={hiddenBelowSm}
        />
        <DataTable.NumberCol
          source="answerCount"
          label="moderation.field.answerCount"
          sx={hiddenBelowSm}
        />
        <CreatedAtCol />
        <ActionsCol>
          <QuestionRowActions />
        </ActionsCol>
      </DataTable>
    </List>
  );
}

import { Button, Stack, Typography } from "@mui/material";
import {
  DataTable,
  FunctionField,
  List,
  Pagination,
  useCanAccess,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from "react-admin";
import { bodyWithRowAttribute } from "../askShared/rowAttribute";
import { ActionsCol, CreatedAtCol } from "../askShared/columns";
import { hiddenBelowSm } from "../../kit/columns";
import { RESOURCE as QUESTIONS } from "./questionActions";

/** The review queue's resource (read only: a decision is the post's own update). */
export const REVIEW_RESOURCE = "admin/askReview";
/** The answers' resource, whose update approves or rejects a waiting answer. */
const ANSWERS = "admin/topicDetailManage";

interface ReviewItem {
  id: string;
  targetType: "question" | "answer";
  targetId: number;
  questionId: number;
  title: string;
  excerpt: string;
  pendingReason: string | null;
  author: { userName: string };
  createdAt: string;
  version: number;
}

const ReviewBody = bodyWithRowAttribute("review-item");

/** Approve (published) or reject (deleted) a waiting post, through its own resource. */
function DecideButtons() {
  const item = useRecordContext<ReviewItem>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const resource = item?.targetType === "question" ? QUESTIONS : ANSWERS;
  const { canAccess } = useCanAccess({ resource, action: "edit" });
  if (!item || !canAccess) return null;
  const decide = async (approve: boolean) => {
    try {
      await update(
        resource,
        {
          id: item.targetId,
          data: { status: approve ? "visible" : "deleted" },
          previousData: { id: item.targetId, version: item.version },
        },
        { mutationMode: "pessimistic", returnPromise: true },
      );
      notify("moderation.done", { type: "success" });
    } catch {
      // The client showed the server's message.
    }
    refresh();
  };
  return (
    <Stack direction="row" gap={1}>
      <Button
        variant="contained"
        size="small"
        disabled={isPending}
        onClick={() => decide(true)}
      >
        {translate("moderation.action.approve")}
      </Button>
      <Button
        size="small"
        color="error"
        disabled={isPending}
        onClick={() => decide(false)}
      >
        {translate("moderation.action.reject")}
      </Button>
    </Stack>
  );
}

/** How many posts wait (the queue's total). */
function PendingCount() {
  const translate = useTranslate();
  const { total } = useListContext();
  return (
    <Typography sx={{ px: { xs: 1, sm: 2 }, py: 1 }}>
      {translate("moderation.review.pending_count", { count: total ?? 0 })}
    </Typography>
  );
}

/** askManage's review queue: questions and answers held for review, oldest first. */
export function ReviewQueue() {
  const translate = useTranslate();
  const why = (reason: string | null) =>
    reason?.startsWith("word:")
      ? translate("moderation.review.word", { word: reason.slice(5) })
      : translate("moderation.review.preModeration");
  return (
    <List
      resource={REVIEW_RESOURCE}
      title="app.page_names.askManage"
      disableSyncWithLocation
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25]} />}
      exporter={false}
      actions={false}
      empty={false}
    >
      <PendingCount />
      <DataTable
        body={ReviewBody}
        rowClick={false}
        bulkActionButtons={false}
        empty={
          <Typography sx={{ p: 2 }}>
            {translate("moderation.review.empty")}
          </Typography>
        }
      >
        <DataTable.Col
          source="title"
          label="moderation.field.title"
          disableSort
        >
          <FunctionField<ReviewItem>
            render={(item) => (
              <>
                {`${translate(`moderation.report.${item.targetType}`)} · ${item.title}`}
                <Typography
                  component="div"
                  variant="caption"
                  color="text.secondary"
                  sx={{ overflowWrap: "anywhere" }}
                >
                  {item.excerpt}
                </Typography>
              </>
            )}
          />
        </DataTable.Col>
        <DataTable.Col
          source="pendingReason"
          label="moderation.field.reason"
          disableSort
        >
          <FunctionField<ReviewItem>
            render={(item) => why(item.pendingReason)}
          />
        </DataTable.Col>
        <DataTable.Col
          source="author"
          label="moderation.field.author"
          disableSort
          sx={hiddenBelowSm}
        >
          <FunctionField<ReviewItem> render={(item) => item.author.userName} />
        </DataTable.Col>
        <CreatedAtCol disableSort />
        <ActionsCol>
          <DecideButtons />
        </ActionsCol>
      </DataTable>
    </List>
  );
}

import { QUESTION_BATCH_ACTIONS } from "../../../common/schemas/ask-moderation";
/** The react-admin resource of the questions (askManage) and its API path. */
export const RESOURCE = "admin/askManage";
export const API_PATH = "ask/admin/questions";

export interface Question {
  id: number;
  title: string;
  status: string;
  pinned: boolean;
  openReports: number;
  statusBeforeDelete: string | null;
  tags: { id: number; name: string }[];
  author: { userId: number; userName: string; anonymous?: boolean };
  score: number;
  answerCount: number;
  createdAt: string;
  version: number;
}

export const STATUSES = [
  "pending",
  "visible",
  "hidden",
  "closed",
  "deleted",
] as const;

/** Every moderation action on a question; the batch route takes the same names. */
export const ACTIONS = QUESTION_BATCH_ACTIONS;
export type Action = (typeof ACTIONS)[number];
/** Hide and close need a reason; these take one. */
export const NEEDS_REASON: readonly Action[] = ["hide", "close"];
export const TAKES_REASON: readonly Action[] = [
  "hide",
  "unhide",
  "close",
  "reopen",
  "reject",
];

/** The actions that fit a question's state. */
export function actionsFor(question: Question): Action[] {
  const byState: Record<string, Action[]> = {
    pending: ["approve", "reject"],
    visible: ["hide", "close", "delete"],
    hidden: ["unhide", "delete"],
    closed: ["reopen", "hide", "delete"],
    deleted: ["restore"],
  };
  return [
    ...(byState[question.status] ?? []),
    question.pinned ? "unpin" : "pin",
  ];
}

/** What one question's PUT sends for an action: its new state, or its pin. */
export function changeOf(
  action: Action,
  question: Pick<Question, "statusBeforeDelete">,
): { status: string } | { pinned: boolean } {
  const status: Partial<Record<Action, string>> = {
    approve: "visible",
    unhide: "visible",
    reopen: "visible",
    reject: "deleted",
    delete: "deleted",
    hide: "hidden",
    close: "closed",
    restore: question.statusBeforeDelete ?? "visible",
  };
  const next = status[action];
  return next ? { status: next } : { pinned: action === "pin" };
}

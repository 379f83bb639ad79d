/** The /ask page's tabs; in a file of its own so the public site imports no zod. */
export const ASK_TABS = ["newest", "unanswered", "hot"] as const;
export type AskTab = (typeof ASK_TABS)[number];

/** The react-admin resource of a topic's answers (topicDetailManage). */
export const RESOURCE = "admin/topicDetailManage";

export interface Answer {
  id: number;
  questionId: number;
  body: string;
  excerpt: string;
  status: string;
  recommended: boolean;
  recommendNote: string | null;
  moderationReason: string | null;
  revisions: number;
  openReports: number;
  author: { userId: number; userName: string; anonymous?: boolean };
  createdAt: string;
  version: number;
}

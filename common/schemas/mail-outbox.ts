import { z } from "zod";
import type { Language } from "../codes.js";

export const OUTBOX_STATUSES = ["pending", "sent", "failed"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * A message in the outbox as `GET /tjc/system/outbox` answers it: who, what subject, how
 * far it got and why it failed. Never its body: a body may carry a one-time link.
 */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  recipient: z.string(),
  language: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const OUTBOX_SORT_FIELDS = [
  "id",
  "createdAt",
  "recipient",
  "status",
  "sentAt",
] as const;

export const OUTBOX_FIELD_LABELS: Record<Language, Record<string, string>> = {
  "zh-CN": {
    id: "编号",
    kind: "类型",
    recipient: "收件人",
    language: "语言",
    subject: "主题",
    status: "状态",
    attempts: "尝试次数",
    nextAttemptAt: "下次尝试",
    lastError: "失败原因",
    sentAt: "发送时间",
    createdAt: "创建时间",
    updatedAt: "更新时间",
  },
  "en-US": {
    id: "ID",
    kind: "Kind",
    recipient: "Recipient",
    language: "Language",
    subject: "Subject",
    status: "Status",
    attempts: "Attempts",
    nextAttemptAt: "Next attempt",
    lastError: "Failure reason",
    sentAt: "Sent",
    createdAt: "Created",
    updatedAt: "Updated",
  },
};

/** Why a message cannot be resent, in both languages. */
export const OUTBOX_MESSAGES = {
  "zh-CN": {
    linkGone: "这封邮件中的一次性链接已失效，无法重新发送；请让对方重新申请。",
  },
  "en-US": {
    linkGone:
      "The one-time link in this message is no longer valid, so it cannot be resent; ask the person to request a new one.",
  },
} as const;

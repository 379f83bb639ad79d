import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Selectable } from "kysely";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import {
  OUTBOX_FIELD_LABELS,
  OUTBOX_MESSAGES,
  OUTBOX_SORT_FIELDS,
  OUTBOX_STATUSES,
  outboxMessageSchema,
  type OutboxMessage,
} from "../../../common/schemas/mail-outbox.js";
import type { MailOutboxTable } from "../../db/schema.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { ApiError, notFound } from "../../http/errors.js";
import { SECRET_SLOT } from "../../mail/templates.js";
import { defineResource } from "../../resources/define-resource.js";
import { envelope, idParams } from "../../resources/resource-definition.js";
import { contains, dateRange, equals } from "../../resources/filters.js";
import { withAudit } from "../../services/audit.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type OutboxRow = Selectable<MailOutboxTable>;

/** A row as the API shows it: never the body, never the secret. */
function toRecord(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    language: row.language,
    subject: row.subject,
    status: row.status as OutboxMessage["status"],
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    lastError: row.lastError,
    sentAt: row.sentAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * `GET /tjc/system/outbox`: every e-mail, waiting, sent or failed, and why; written by the
 * events that send mail, sent by the outbox worker (server/mail). `POST …/:id/resend`
 * queues one again (audited).
 */
export const outboxRoutes: FastifyPluginAsync = async (parent) => {
  defineResource(parent, {
    path: "system/outbox",
    table: "mailOutbox",
    module: "outbox",
    readOnly: true,
    recordSchema: outboxMessageSchema,
    createSchema: z.object({}),
    updateSchema: z.object({}),
    sortable: OUTBOX_SORT_FIELDS,
    defaultSort: ["createdAt", "DESC"],
    filters: {
      status: equals("status", z.enum(OUTBOX_STATUSES)),
      recipient: contains("recipient", 254),
      kind: equals("kind", z.string().trim().max(32)),
      ...dateRange("createdAt", "created_at"),
    },
    toRecord,
    toValues: () => ({}),
    fieldLabels: OUTBOX_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "createdAt", time: true },
      { key: "kind" },
      { key: "recipient" },
      { key: "subject" },
      { key: "status", values: choiceLabels("outboxStatus") },
      { key: "attempts" },
      { key: "sentAt", time: true },
      { key: "lastError" },
    ],
  });

  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/system/outbox/:id/resend",
    {
      config: { permission: "outbox:resend" },
      schema: {
        tags: ["system/outbox"],
        summary:
          "Queue a message again (a new series of tries); one whose one-time link is gone is refused",
        params: idParams,
        response: { 200: envelope(outboxMessageSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const record = await withAudit(app.store, request, async (trx) => {
        const row = await trx
          .selectFrom("mailOutbox")
          .selectAll()
          .where("id", "=", id)
          .executeTakeFirst();
        if (!row) throw notFound();
        if (row.textBody.includes(SECRET_SLOT) && row.secret === null) {
          throw new ApiError(Code.CONFLICT, {
            message: OUTBOX_MESSAGES[request.language].linkGone,
          });
        }
        const now = nowIso();
        await trx
          .updateTable("mailOutbox")
          .set({
            status: "pending",
            attempts: 0,
            nextAttemptAt: now,
            lockedBy: null,
            lockedUntil: null,
            updatedAt: now,
          })
          .where("id", "=", id)
          .execute();
        const after = {
          ...toRecord(row),
          status: "pending" as const,
          attempts: 0,
          nextAttemptAt: now,
          updatedAt: now,
        };
        return {
          result: after,
          audit: {
            resource: "system/outbox",
            recordId: id,
            action: "resend",
            before: { status: row.status, attempts: row.attempts },
            after: { status: "pending", attempts: 0 },
          },
        };
      });
      app.mail.kick();
      return ok(record);
    },
  );
};

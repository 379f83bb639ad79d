import type { FastifyPluginAsync } from "fastify";
import { AUDIT_LOG_FIELD_LABELS } from "../../../common/schemas/system-labels.js";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_RESOURCE_LABELS,
} from "../../../common/audit-labels.js";
import type { Selectable } from "kysely";
import { z } from "zod";
import {
  AUDIT_ACTIONS,
  AUDIT_LOG_SORT_FIELDS,
  auditLogSchema,
  type AuditLog,
} from "../../../common/schemas/audit-log.js";
import type { AuditLogsTable } from "../../db/schema.js";
import { defineResource } from "../../resources/define-resource.js";
import { dateRange, equals } from "../../resources/filters.js";

type AuditLogRow = Selectable<AuditLogsTable>;

function parseChanges(text: string): AuditLog["changes"] {
  try {
    return JSON.parse(text) as AuditLog["changes"];
  } catch {
    return {};
  }
}

/** `GET /tjc/system/audit-logs`: read-only; the rows are written with each change. */
export const auditLogRoutes: FastifyPluginAsync = async (app) => {
  defineResource(app, {
    path: "system/audit-logs",
    table: "auditLogs",
    module: "auditLog",
    readOnly: true,
    recordSchema: auditLogSchema,
    createSchema: z.object({}),
    updateSchema: z.object({}),
    sortable: AUDIT_LOG_SORT_FIELDS,
    defaultSort: ["createdAt", "DESC"],
    filters: {
      userId: equals("user_id", z.number().int().positive()),
      loginName: equals("login_name", z.string().max(64)),
      resource: equals("resource", z.string().max(64)),
      recordId: equals("record_id", z.coerce.string().max(64)),
      action: equals("action", z.enum(AUDIT_ACTIONS)),
      ...dateRange("createdAt", "created_at"),
    },
    toRecord: (row: AuditLogRow): AuditLog => ({
      id: row.id,
      userId: row.userId,
      loginName: row.loginName,
      ip: row.ip,
      resource: row.resource,
      recordId: row.recordId,
      action: row.action,
      changes: parseChanges(row.changes),
      createdAt: row.createdAt,
    }),
    toValues: () => ({}),
    fieldLabels: AUDIT_LOG_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "createdAt", time: true },
      { key: "loginName" },
      { key: "ip" },
      { key: "resource", values: AUDIT_RESOURCE_LABELS },
      { key: "recordId" },
      { key: "action", values: AUDIT_ACTION_LABELS },
      { key: "changes" },
    ],
  });
};

import type { FastifyPluginAsync } from "fastify";
import type { Selectable } from "kysely";
import { z } from "zod";
import { LOGIN_LOG_FIELD_LABELS } from "../../../common/schemas/system-labels.js";
import {
  LOGIN_LOG_SORT_FIELDS,
  LOGIN_RESULTS,
  loginLogSchema,
  type LoginLog,
} from "../../../common/schemas/login-log.js";
import type { LoginLogsTable } from "../../db/schema.js";
import { defineResource } from "../../resources/define-resource.js";
import { dateRange, equals } from "../../resources/filters.js";
import { choiceLabels } from "../../../common/choice-labels.js";

type LoginLogRow = Selectable<LoginLogsTable>;

/** `GET /tjc/system/login-logs`: every login attempt; written by the login route only. */
export const loginLogRoutes: FastifyPluginAsync = async (app) => {
  defineResource(app, {
    path: "system/login-logs",
    table: "loginLogs",
    module: "loginLog",
    readOnly: true,
    recordSchema: loginLogSchema,
    createSchema: z.object({}),
    updateSchema: z.object({}),
    sortable: LOGIN_LOG_SORT_FIELDS,
    defaultSort: ["createdAt", "DESC"],
    filters: {
      loginName: equals("login_name", z.string().trim().max(64)),
      userId: equals("user_id", z.number().int().positive()),
      result: equals("result", z.enum(LOGIN_RESULTS)),
      ...dateRange("createdAt", "created_at"),
    },
    toRecord: (row: LoginLogRow): LoginLog => ({
      id: row.id,
      loginName: row.loginName,
      userId: row.userId,
      ip: row.ip,
      userAgent: row.userAgent,
      result: row.result as LoginLog["result"],
      createdAt: row.createdAt,
    }),
    toValues: () => ({}),
    fieldLabels: LOGIN_LOG_FIELD_LABELS,
    csvColumns: [
      { key: "id" },
      { key: "createdAt", time: true },
      { key: "loginName" },
      { key: "userId" },
      { key: "ip" },
      { key: "userAgent" },
      { key: "result", values: choiceLabels("loginResult") },
    ],
  });

  // Retention is the built-in job loginLog.retention (server/jobs/handlers).
};

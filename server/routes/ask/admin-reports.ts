import { ANONYMOUS_NAME } from "../../../common/ask-messages.js";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/schema.js";
import { ASK_VALIDATION_ERRORS } from "../../../common/ask-messages.js";
import { REPORT_RESOLUTIONS } from "../../../common/schemas/ask-moderation.js";
import { nowIso } from "../../db/dialect.js";
import { ok } from "../../http/envelope.js";
import { notFound, validationError } from "../../http/errors.js";
import { localizeText } from "../../http/validation-messages.js";
import {
  listQuerySchema,
  parseFilter,
  parseRange,
} from "../../resources/list-query.js";
import { MAX_INT32, envelope } from "../../resources/resource-definition.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import { logModeration } from "../../services/ask-moderation.js";
import { notify } from "../../services/ask-notifications.js";
import {
  moderateAnswer,
  moderateQuestion,
} from "../../services/ask/moderation.js";
import { insertMute, muteUntilSchema } from "./mutes.js";
import { excerptOf } from "../../services/ask/records.js";
import { ASK_TAGS, memberId } from "./shared.js";

/** Reports read at most for one grouped page: a church's queue is far below it. */
const REPORT_SCAN_LIMIT = 5000;

const groupSchema = z.object({
  /** "<targetType>:<targetId>" for open groups; "+<handledAt>" added for handled ones. */
  id: z.string(),
  targetType: z.enum(["question", "answer", "user"]),
  targetId: z.number().int(),
  questionId: z.number().int().nullable(),
  preview: z.string(),
  targetStatus: z.string().nullable(),
  authorId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  /** The target was posted anonymously: authorId is null, authorName the anonymous name. */
  authorAnonymous: z.boolean(),
  count: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  reporters: z.array(
    z.object({
      userId: z.number().int(),
      userName: z.string(),
      reason: z.string(),
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
  status: z.string(),
  resolution: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  firstAt: z.string(),
  lastAt: z.string(),
});
type Group = z.infer<typeof groupSchema>;

const filterSchema = z.strictObject({
  status: z.enum(["open", "handled"]).optional(),
  targetType: z.enum(["question", "answer", "user"]).optional(),
  resolution: z.enum(REPORT_RESOLUTIONS).optional(),
  q: z.string().trim().max(200).optional(),
});

export const adminReportRoutes: FastifyPluginAsync = async (app) => {
  registerReportList(app);
  registerResolve(app);
};

/** Reports grouped by what they are about. */
function registerReportList(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/ask/admin/reports",
    {
      config: { permission: "askComplaint:read" },
      schema: {
        tags: ASK_TAGS,
        summary:
          'Reports grouped by target, latest first; filter {"status":"open"|"handled","targetType","resolution","q"}',
        querystring: listQuerySchema.pick({ range: true, filter: true }),
        response: {
          200: envelope(
            z.object({ list: z.array(groupSchema), total: z.number() }),
          ),
        },
      },
    },
    async (request) => {
      const filter = parseFilter(
        request.query.filter,
        filterSchema,
        request.language,
      );
      const { offset, limit } = parseRange(
        request.query.range ?? "[0,24]",
        request.language,
      );
      const status = filter.status ?? "open";
      const rows = await app.store.db
        .selectFrom("askReports")
        .innerJoin("users as reporter", "reporter.id", "askReports.reporterId")
        .leftJoin("users as handler", "handler.id", "askReports.handledBy")
        .select([
          "askReports.id",
          "askReports.targetType",
          "askReports.targetId",
          "askReports.reason",
          "askReports.text",
          "askReports.status",
          "askReports.resolution",
          "askReports.resolutionNote",
          "askReports.handledAt",
          "askReports.createdAt",
          "askReports.reporterId",
          "reporter.userName as reporterName",
          "handler.userName as handlerName",
        ])
        .$if(status === "open", (qb) =>
          qb.where("askReports.status", "=", "open"),
        )
        .$if(status === "handled", (qb) =>
          qb.where("askReports.status", "!=", "open"),
        )
        .$if(filter.targetType !== undefined, (qb) =>
          qb.where("askReports.targetType", "=", filter.targetType!),
        )
        .$if(filter.resolution !== undefined, (qb) =>
          qb.where("askReports.resolution", "=", filter.resolution!),
        )
        .orderBy("askReports.createdAt", "desc")
        .orderBy("askReports.id", "desc")
        .limit(REPORT_SCAN_LIMIT)
        .execute();
      const groups = new Map<string, Group>();
      for (const row of rows) {
        const key =
          status === "open"
            ? `${row.targetType}:${row.targetId}`
            : `${row.targetType}:${row.targetId}+${row.handledAt ?? ""}`;
        let group = groups.get(key);
        if (!group) {
          group = {
            id: key,
            targetType: row.targetType,
            targetId: row.targetId,
            questionId: null,
            preview: "",
            targetStatus: null,
            authorId: null,
            authorName: null,
            authorAnonymous: false,
            count: 0,
            reasons: {},
            reporters: [],
            status: row.status,
            resolution: row.resolution,
            resolutionNote: row.resolutionNote,
            handledBy: row.handlerName ?? null,
            handledAt: row.handledAt,
            firstAt: row.createdAt,
            lastAt: row.createdAt,
          };
          groups.set(key, group);
        }
        group.count += 1;
        group.reasons[row.reason] = (group.reasons[row.reason] ?? 0) + 1;
        group.reporters.push({
          userId: row.reporterId,
          userName: row.reporterName,
          reason: row.reason,
          text: row.text,
          createdAt: row.createdAt,
        });
        group.firstAt = row.createdAt;
      }
      let list = [...groups.values()];
      await describeTargets(app.store.db, list);
      // An anonymous post's author stays masked here too (the resolve route still mutes
      // the real author, server-side).
      for (const group of list) {
        if (!group.authorAnonymous) continue;
        group.authorId = null;
        group.authorName = ANONYMOUS_NAME[request.language];
      }
      if (filter.q) {
        const needle = filter.q.toLowerCase();
        list = list.filter(
          (group) =>
            group.preview.toLowerCase().includes(needle) ||
            (group.authorName ?? "").toLowerCase().includes(needle) ||
            (group.resolutionNote ?? "").toLowerCase().includes(needle) ||
            group.reporters.some(
              (reporter) =>
                reporter.userName.toLowerCase().includes(needle) ||
                reporter.text.toLowerCase().includes(needle),
            ),
        );
      }
      return ok({
        list: list.slice(offset, offset + limit),
        total: list.length,
      });
    },
  );
}

/** Handling every open report on one target, with the action it calls for. */
function registerResolve(parent: FastifyInstance): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/ask/admin/reports/resolve",
    {
      config: { permission: "askComplaint:update" },
      schema: {
        tags: ASK_TAGS,
        summary:
          "Resolve every open report of a target: dismiss, hide the content, or mute its author until a time (null: permanent)",
        body: z.object({
          targetType: z.enum(["question", "answer", "user"]),
          targetId: z.number().int().positive().max(MAX_INT32),
          resolution: z.enum(REPORT_RESOLUTIONS),
          note: z.string().trim().max(500).default(""),
          until: muteUntilSchema.optional(),
        }),
        response: {
          200: envelope(z.object({ resolved: z.number().int() })),
        },
      },
    },
    async (request) => {
      const { targetType, targetId, resolution, note } = request.body;
      if (resolution === "hide" && targetType === "user") {
        throw validationError({
          resolution: localizeText(
            ASK_VALIDATION_ERRORS.hideUser,
            request.language,
          ),
        });
      }
      if (resolution === "mute" && request.body.until === undefined) {
        throw validationError({
          until: localizeText(
            ASK_VALIDATION_ERRORS.reasonRequired,
            request.language,
          ),
        });
      }
      const moderatorId = memberId(request);
      const resolved = await app.store.transaction(async (trx) => {
        const open = await trx
          .selectFrom("askReports")
          .select(["id", "reporterId"])
          .where("targetType", "=", targetType)
          .where("targetId", "=", targetId)
          .where("status", "=", "open")
          .execute();
        if (open.length === 0) throw notFound();
        const [group] = await describeTargets(trx, [
          { targetType, targetId } as Group,
        ]);
        if (resolution === "hide") {
          const reason = note || "report";
          if (targetType === "question") {
            if (group!.targetStatus !== "hidden") {
              await moderateQuestion(trx, request, targetId, {
                status: "hidden",
                reason,
              } as never);
            }
          } else if (group!.targetStatus !== "hidden") {
            const answer = await trx
              .selectFrom("askAnswers")
              .select("version")
              .where("id", "=", targetId)
              .executeTakeFirstOrThrow();
            await moderateAnswer(trx, request, targetId, {
              status: "hidden",
              reason,
              version: answer.version,
            });
          }
        }
        if (resolution === "mute") {
          const userId = targetType === "user" ? targetId : group!.authorId;
          if (!userId) throw notFound();
          await insertMute(trx, request, {
            userId,
            reason: note,
            until: request.body.until ?? null,
          });
        }
        const handledAt = nowIso();
        await trx
          .updateTable("askReports")
          .set({
            status: resolution === "dismiss" ? "dismissed" : "resolved",
            resolution,
            resolutionNote: note || null,
            handledBy: moderatorId,
            handledAt,
          })
          .where(
            "id",
            "in",
            open.map((report) => report.id),
          )
          .execute();
        if (targetType !== "user" && group!.questionId) {
          await logModeration(trx, {
            targetType,
            targetId,
            questionId: group!.questionId,
            action: `report:${resolution}`,
            reason: note || null,
            moderatorId,
          });
        }
        for (const reporterId of new Set(open.map((r) => r.reporterId))) {
          await notify(trx, {
            userId: reporterId,
            kind: "reportHandled",
            questionId: group!.questionId,
            answerId: targetType === "answer" ? targetId : null,
            actorId: moderatorId,
          });
        }
        await recordAudit(trx, actorOf(request), {
          resource: "ask/admin/reports",
          recordId: `${targetType}:${targetId}`,
          action: "update",
          before: { status: "open", count: open.length },
          after: { status: "handled", resolution, note },
        });
        return open.length;
      });
      return ok({ resolved });
    },
  );
}

/** Fills each group's preview, author, state and question from its target. */
async function describeTargets(
  db: Kysely<Database>,
  groups: Group[],
): Promise<Group[]> {
  const ids = (type: string) =>
    groups.filter((g) => g.targetType === type).map((g) => g.targetId);
  const [questions, answers, users] = await Promise.all([
    ids("question").length === 0
      ? []
      : db
          .selectFrom("askQuestions")
          .innerJoin("users", "users.id", "askQuestions.authorId")
          .select([
            "askQuestions.id",
            "askQuestions.title",
            "askQuestions.status",
            "askQuestions.authorId",
            "askQuestions.anonymous",
            "users.userName",
          ])
          .where("askQuestions.id", "in", ids("question"))
          .execute(),
    ids("answer").length === 0
      ? []
      : db
          .selectFrom("askAnswers")
          .innerJoin("users", "users.id", "askAnswers.authorId")
          .select([
            "askAnswers.id",
            "askAnswers.body",
            "askAnswers.status",
            "askAnswers.questionId",
            "askAnswers.authorId",
            "askAnswers.anonymous",
            "users.userName",
          ])
          .where("askAnswers.id", "in", ids("answer"))
          .execute(),
    ids("user").length === 0
      ? []
      : db
          .selectFrom("users")
          .select(["id", "userName", "loginName", "status"])
          .where("id", "in", ids("user"))
          .execute(),
  ]);
  for (const group of groups) {
    if (group.targetType === "question") {
      const q = questions.find((row) => row.id === group.targetId);
      if (!q) continue;
      Object.assign(group, {
        preview: q.title,
        targetStatus: q.status,
        authorId: q.authorId,
        authorName: q.userName,
        authorAnonymous: Boolean(q.anonymous),
        questionId: q.id,
      });
    } else if (group.targetType === "answer") {
      const a = answers.find((row) => row.id === group.targetId);
      if (!a) continue;
      Object.assign(group, {
        preview: excerptOf(a.body),
        targetStatus: a.status,
        authorId: a.authorId,
        authorName: a.userName,
        authorAnonymous: Boolean(a.anonymous),
        questionId: a.questionId,
      });
    } else {
      const u = users.find((row) => row.id === group.targetId);
      if (!u) continue;
      Object.assign(group, {
        preview: `${u.userName} (${u.loginName})`,
        targetStatus: u.status,
        authorId: u.id,
        authorName: u.userName,
      });
    }
  }
  return groups;
}

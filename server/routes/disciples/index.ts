import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sql, type Selectable, type SqlBool, type Transaction } from "kysely";
import { z } from "zod";
import { Code } from "../../../common/codes.js";
import { DISCIPLE_ERRORS } from "../../../common/disciple-messages.js";
import { levelOfCode } from "../../../common/regions.js";
import { VALIDATION_KEYS } from "../../../common/validation-wording.js";
import {
  DISCIPLE_CONTACT_FIELDS,
  DISCIPLE_GENDERS,
  DISCIPLE_IMPORT_FIELDS,
  DISCIPLE_SORT_FIELDS,
  DISCIPLE_STATUSES,
  DUPLICATE_MODES,
  IMPORT_ENCODINGS,
  IMPORT_MAX_BYTES,
  IMPORT_PREVIEW_ROWS,
  discipleInputSchema,
  discipleSchema,
  discipleSummarySchema,
  importPreviewSchema,
  importResultSchema,
  type Disciple,
  type DiscipleImportField,
} from "../../../common/schemas/disciple.js";
import {
  DISCIPLE_CHOICE_LABELS,
  DISCIPLE_FIELD_LABELS,
} from "../../../common/schemas/disciple-labels.js";
import { nowIso } from "../../db/dialect.js";
import { reindexRows } from "../../db/word-index.js";
import { keywordWords } from "../../db/search.js";
import type { StoreKind } from "../../db/store.js";
import type { Database, DisciplesTable } from "../../db/schema.js";
import { ok } from "../../http/envelope.js";
import { ApiError, validationError } from "../../http/errors.js";
import { localizeIssue, localizeText } from "../../http/validation-messages.js";
import {
  contentTagFilter,
  deleteContentTags,
  saveContentTags,
} from "../../resources/content-tags.js";
import {
  defineResource,
  type ResourceDefinition,
} from "../../resources/define-resource.js";
import { asJsonSet, columnValues } from "../../resources/column-values.js";
import { dateRange, equals } from "../../resources/filters.js";
import { envelope } from "../../resources/resource-definition.js";
import { pinyinKey, pinyinSortKey } from "../../resources/sort-keys.js";
import { actorOf, recordAudit } from "../../services/audit.js";
import {
  checkColumns,
  checkRows,
  decodeCsv,
  findDuplicates,
  guessColumns,
  parseCsv,
  phoneDigits,
  previewRows,
  type CheckedRow,
} from "./import.js";
import { canSeeContact, guardContactQuery, maskDisciple } from "./masking.js";

/** A believer's gender or status in every language, as the screens show it. */
function discipleChoices(kind: "gender" | "status") {
  return {
    "zh-CN": DISCIPLE_CHOICE_LABELS["zh-CN"][kind],
    "en-US": DISCIPLE_CHOICE_LABELS["en-US"][kind],
  };
}

type DiscipleRow = Selectable<DisciplesTable>;

const RESOURCE = "disciples";

/** A day column between two days, ends included. */
const dayRange = (name: string, column: string) => ({
  [`${name}From`]: {
    schema: z.iso.date(),
    where: (value: string) =>
      sql<SqlBool>`${sql.ref(`disciples.${column}`)} >= ${value}`,
  },
  [`${name}To`]: {
    schema: z.iso.date(),
    where: (value: string) =>
      sql<SqlBool>`${sql.ref(`disciples.${column}`)} <= ${value}`,
  },
});

/**
 * A region and everything under it: a province (440000) its cities and districts
 * (44xxxx), a city (441900) its districts (4419xx). A range, so the index serves it.
 */
const regionFilter = {
  schema: z
    .string()
    .regex(/^\d{6}$/)
    .refine((code) => levelOfCode(code) !== undefined),
  where: (code: string) => {
    const level = levelOfCode(code);
    const prefix =
      level === "1"
        ? code.slice(0, 2)
        : level === "2"
          ? code.slice(0, 4)
          : code;
    if (prefix.length === 6)
      return sql<SqlBool>`disciples.region_code = ${code}`;
    return sql<SqlBool>`(disciples.region_code >= ${prefix.padEnd(6, "0")} and disciples.region_code <= ${prefix.padEnd(6, "9")})`;
  },
};

/**
 * Every word of the keyword in the name, case-insensitively (Latin letters): the keyword
 * of a caller without `disciple:contact` (masking.ts, guardContactQuery). A LIKE on the
 * name alone, not the word index, whose terms do not say which field they came from.
 */
const nameKeywordFilter = {
  schema: z.string().max(200),
  where: (value: string, kind: StoreKind) => {
    const words = keywordWords(value);
    if (words.length === 0) return sql<SqlBool>`1 = 1`;
    const like = sql.raw(kind === "sqlite" ? "like" : "ilike");
    return sql<SqlBool>`(${sql.join(
      words.map(
        (word) =>
          sql`disciples.name ${like} ${`%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`,
      ),
      sql` and `,
    )})`;
  },
};

/**
 * The import's duplicate check compares phone numbers with stored believers', so a caller
 * without `disciple:contact` could learn a masked number by uploading one name with every
 * candidate: the import needs the permission.
 */
function refuseImportWithoutContact(request: FastifyRequest): void {
  if (canSeeContact(request)) return;
  throw new ApiError(Code.FORBIDDEN, {
    message: localizeText(DISCIPLE_ERRORS.contactImport, request.language),
    data: {
      errors: {
        file: localizeText(DISCIPLE_ERRORS.contactImport, request.language),
      },
    },
  });
}

/** Without `disciple:contact` the contact fields are read-only: left out of updates. */
function withoutContact(
  input: Record<string, unknown>,
  request: FastifyRequest,
): Record<string, unknown> {
  if (canSeeContact(request)) return input;
  const kept = { ...input };
  for (const field of DISCIPLE_CONTACT_FIELDS) delete kept[field];
  return kept;
}

/** The column values of validated input (phoneDigits follows the phone). */
const discipleColumns = columnValues(discipleInputSchema, {
  stored: { tagIds: asJsonSet },
});

function valuesOf(input: Record<string, unknown>): Record<string, unknown> {
  const values = discipleColumns(input);
  if (input.phone !== undefined)
    values.phoneDigits = phoneDigits(input.phone as string | null);
  return values;
}

/** The believers resource (issue 12 item 1); exported for the bench. */
export const discipleResource = {
  path: RESOURCE,
  table: "disciples",
  module: "disciple",
  recordSchema: discipleSchema,
  createSchema: discipleInputSchema,
  updateSchema: discipleInputSchema,
  sortable: DISCIPLE_SORT_FIELDS,
  sortKeys: { name: pinyinKey("namePinyin") },
  defaultSort: ["id", "DESC"],
  search: { table: "disciples", columns: ["name", "phone", "email"] },
  filters: {
    gender: equals("disciples.gender", z.enum(DISCIPLE_GENDERS)),
    status: equals("disciples.status", z.enum(DISCIPLE_STATUSES)),
    congregation: equals(
      "disciples.congregation",
      z.string().trim().min(1).max(100),
    ),
    regionCode: regionFilter,
    countryCode: equals(
      "disciples.country_code",
      z.string().regex(/^[A-Z]{2,3}$/),
    ),
    tagId: contentTagFilter(RESOURCE, "disciples"),
    nameKeyword: nameKeywordFilter,
    ...dayRange("birthDate", "birth_date"),
    ...dayRange("baptismDate", "baptism_date"),
    ...dayRange("joinedOn", "joined_on"),
    ...dateRange("createdAt", "disciples.created_at"),
  },
  toRecord: (row: DiscipleRow): Disciple => ({
    id: row.id,
    name: row.name,
    gender: row.gender as Disciple["gender"],
    birthDate: row.birthDate,
    baptismDate: row.baptismDate,
    joinedOn: row.joinedOn,
    phone: row.phone,
    email: row.email,
    address: row.address,
    regionCode: row.regionCode,
    countryCode: row.countryCode,
    congregation: row.congregation,
    status: row.status as Disciple["status"],
    tagIds: JSON.parse(row.tagIds) as number[],
    notes: row.notes,
    contactMasked: false,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: row.version,
  }),
  toValues: (input) => valuesOf(input as Record<string, unknown>),
  present: (records, request) =>
    canSeeContact(request) ? records : records.map(maskDisciple),
  restrictInput: withoutContact,
  guardQuery: guardContactQuery,
  auditExports: true,
  async afterWrite(change, { trx, request }) {
    if (change.action === "delete") {
      await deleteContentTags(trx, RESOURCE, change.id);
      return;
    }
    const tagIds = change.input?.tagIds as number[] | undefined;
    if (tagIds !== undefined)
      await saveContentTags(trx, RESOURCE, change.id, tagIds, request.language);
  },
  fieldLabels: DISCIPLE_FIELD_LABELS,
  csvColumns: [
    { key: "id" },
    { key: "name" },
    { key: "gender", values: discipleChoices("gender") },
    { key: "birthDate" },
    { key: "baptismDate" },
    { key: "joinedOn" },
    { key: "phone" },
    { key: "email" },
    { key: "address" },
    { key: "regionCode" },
    { key: "countryCode" },
    { key: "congregation" },
    { key: "status", values: discipleChoices("status") },
    { key: "notes" },
    { key: "createdAt", time: true },
    { key: "updatedAt", time: true },
  ],
} satisfies ResourceDefinition<
  DiscipleRow,
  Disciple,
  typeof discipleInputSchema,
  typeof discipleInputSchema
>;

const importFields = z.object({
  columns: z
    .string()
    .max(10_000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: "custom", message: "not valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.enum(DISCIPLE_IMPORT_FIELDS).nullable()).max(200))
    .optional(),
  encoding: z.enum(IMPORT_ENCODINGS).default("auto"),
  duplicates: z.enum(DUPLICATE_MODES).default("skip"),
});

/** The multipart form of an import: the file (`file`) and its options. */
async function readImportForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new ApiError(Code.UNSUPPORTED_MEDIA_TYPE);
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10 },
    })) {
      if (part.type === "file") {
        if (part.fieldname !== "file") {
          part.file.resume();
          continue;
        }
        file = await part.toBuffer();
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new ApiError(Code.PAYLOAD_TOO_LARGE);
    if (code === "FST_FILES_LIMIT" || code === "FST_FIELDS_LIMIT")
      throw new ApiError(Code.PAYLOAD_TOO_LARGE);
    if (error instanceof ApiError || code?.startsWith("FST_") === false)
      throw error;
    throw validationError({
      file: localizeText("malformed multipart", request.language),
    });
  }
  if (!file || file.length === 0)
    throw validationError({
      file: localizeText(VALIDATION_KEYS.required, request.language),
    });
  const parsed = importFields.safeParse(fields, { reportInput: true });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues)
      errors[String(issue.path[0])] ??= localizeIssue(
        issue as unknown as Parameters<typeof localizeIssue>[0],
        request.language,
      );
    throw validationError(errors);
  }
  return { file, ...parsed.data };
}

/** Decodes, parses, maps and checks a form's file: what preview and commit both do. */
function readRows(
  form: Awaited<ReturnType<typeof readImportForm>>,
  request: FastifyRequest,
) {
  const language = request.language;
  const { text, encoding } = decodeCsv(form.file, form.encoding, language);
  const { headers, rows } = parseCsv(text, language);
  const columns: (DiscipleImportField | null)[] =
    form.columns ?? guessColumns(headers);
  checkColumns(columns, headers, language);
  return {
    encoding,
    headers,
    columns,
    rows: checkRows(rows, columns, language),
  };
}

export const discipleRoutes: FastifyPluginAsync = async (parent) => {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  defineResource(app, discipleResource);

  app.get(
    "/disciples/summary",
    {
      config: { permission: "disciple:read" },
      schema: {
        tags: [RESOURCE],
        summary: "Believers counted by status (the list's summary bar)",
        response: { 200: envelope(discipleSummarySchema) },
      },
    },
    async () => {
      const rows = await app.store.db
        .selectFrom("disciples")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("status")
        .execute();
      const byStatus = Object.fromEntries(
        DISCIPLE_STATUSES.map((status) => [status, 0]),
      ) as Record<(typeof DISCIPLE_STATUSES)[number], number>;
      let total = 0;
      for (const row of rows) {
        const count = Number(row.count);
        total += count;
        if (row.status in byStatus)
          byStatus[row.status as keyof typeof byStatus] = count;
      }
      return ok({ total, byStatus });
    },
  );

  app.post(
    "/disciples/import/preview",
    {
      config: { permission: "disciple:create" },
      schema: {
        tags: [RESOURCE],
        summary:
          "Import step 1: upload a CSV (multipart: file, optional columns as a JSON array of fields, encoding auto|utf-8|gb18030); answers every problem row and the duplicates",
        consumes: ["multipart/form-data"],
        response: { 200: envelope(importPreviewSchema) },
      },
    },
    async (request) => {
      refuseImportWithoutContact(request);
      const form = await readImportForm(request);
      const { encoding, headers, columns, rows } = readRows(form, request);
      await findDuplicates(app.store.db, rows);
      const valid = rows.filter((row) => row.input).length;
      return ok({
        encoding,
        headers,
        columns,
        total: rows.length,
        valid,
        invalid: rows.length - valid,
        duplicates: rows.filter((row) => row.duplicateOf).length,
        rows: previewRows(rows, IMPORT_PREVIEW_ROWS),
      });
    },
  );

  app.post(
    "/disciples/import/commit",
    {
      config: { permission: "disciple:create" },
      schema: {
        tags: [RESOURCE],
        summary:
          "Import step 2: the same file and columns, and duplicates skip|update; writes every valid row in one transaction (all or none)",
        consumes: ["multipart/form-data"],
        response: { 200: envelope(importResultSchema) },
      },
    },
    async (request) => {
      refuseImportWithoutContact(request);
      const form = await readImportForm(request);
      const language = request.language;
      if (
        form.duplicates === "update" &&
        !request.session!.permissions.includes("disciple:update")
      )
        throw new ApiError(Code.FORBIDDEN, {
          data: {
            errors: {
              duplicates: localizeText(
                DISCIPLE_ERRORS.updateForbidden,
                language,
              ),
            },
          },
        });
      const { rows, columns } = readRows(form, request);
      const mappedFields = columns.filter(
        (field): field is DiscipleImportField => field !== null,
      );
      const valid = rows.filter((row) => row.input);
      // Sort keys are computed before the transaction, so it stays short.
      const pinyin = new Map<string, string>();
      for (const row of valid) {
        const name = row.input!.name;
        if (!pinyin.has(name)) pinyin.set(name, await pinyinSortKey(name));
      }
      const result = await app.store.transaction((trx) =>
        writeImport(app, trx, request, {
          rows,
          valid,
          mappedFields,
          pinyin,
          duplicates: form.duplicates,
        }),
      );
      return ok(result);
    },
  );
};

/**
 * An update from an import row: the mapped fields only (an empty cell clears its field),
 * without the contact fields when the caller may not change them.
 */
function updateValues(
  row: CheckedRow,
  fields: DiscipleImportField[],
  request: FastifyRequest,
): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of fields) input[field] = row.input![field] ?? null;
  // Gender and status have defaults; an empty cell leaves them as they are.
  if (row.input!.gender === undefined) delete input.gender;
  if (row.input!.status === undefined) delete input.status;
  return valuesOf(withoutContact(input, request));
}

/** A new believer's row from an import line: every column named, as SQLite's VALUES needs. */
function importedRow(
  input: NonNullable<CheckedRow["input"]>,
  namePinyin: string,
  now: string,
) {
  return {
    name: input.name,
    namePinyin,
    gender: input.gender ?? "unknown",
    birthDate: input.birthDate ?? null,
    baptismDate: input.baptismDate ?? null,
    joinedOn: input.joinedOn ?? null,
    phone: input.phone ?? null,
    phoneDigits: phoneDigits(input.phone),
    email: input.email ?? null,
    address: input.address ?? null,
    regionCode: input.regionCode ?? null,
    countryCode: input.countryCode ?? null,
    congregation: input.congregation ?? null,
    status: input.status ?? "active",
    notes: input.notes ?? null,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * The import's writes, in the caller's transaction: duplicates looked up again against
 * what it will change, updates (when asked) and inserts with their word-index entries,
 * and one audit row with the counts.
 */
async function writeImport(
  app: FastifyInstance,
  trx: Transaction<Database>,
  request: FastifyRequest,
  {
    rows,
    valid,
    mappedFields,
    pinyin,
    duplicates,
  }: {
    rows: CheckedRow[];
    valid: CheckedRow[];
    mappedFields: DiscipleImportField[];
    pinyin: Map<string, string>;
    duplicates: string;
  },
) {
  // Duplicates are looked up inside the transaction, against what it will change.
  await findDuplicates(trx, valid);
  const now = nowIso();
  const creates = valid.filter((row) => !row.duplicateOf);
  const updates =
    duplicates === "update" ? valid.filter((row) => row.duplicateOf) : [];
  // The word index changes with the rows, in the same transaction.
  const reindex = (rows: Record<string, unknown>[]) =>
    reindexRows(
      trx,
      app.store.kind,
      discipleResource.search,
      rows.map((row) => ({ id: Number(row.id), row })),
    );
  for (const row of updates) {
    await trx
      .updateTable("disciples")
      .set({
        ...updateValues(row, mappedFields, request),
        namePinyin: pinyin.get(row.input!.name)!,
        updatedAt: now,
        version: sql`version + 1`,
      })
      .where("id", "=", row.duplicateOf!.id)
      .execute();
  }
  const CHUNK = 400;
  const updatedIds = updates.map((row) => row.duplicateOf!.id);
  for (let start = 0; start < updatedIds.length; start += CHUNK)
    await reindex(
      await trx
        .selectFrom("disciples")
        .selectAll()
        .where("id", "in", updatedIds.slice(start, start + CHUNK))
        .execute(),
    );
  for (let start = 0; start < creates.length; start += CHUNK) {
    const inserted = await trx
      .insertInto("disciples")
      .values(
        creates
          .slice(start, start + CHUNK)
          .map((row) =>
            importedRow(row.input!, pinyin.get(row.input!.name)!, now),
          ),
      )
      .returningAll()
      .execute();
    await reindex(inserted);
  }
  const counts = {
    created: creates.length,
    updated: updates.length,
    skipped: valid.length - creates.length - updates.length,
    invalid: rows.length - valid.length,
  };
  await recordAudit(trx, actorOf(request), {
    resource: RESOURCE,
    action: "import",
    after: {
      ...counts,
      rows: rows.length,
      duplicates: duplicates,
    },
  });
  return counts;
}

export default discipleRoutes;

import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.js";
import type { Store } from "../../db/store.js";
import { conflict, notFound } from "../../http/errors.js";
import { PUBLIC_STATUSES } from "./records.js";

/* The community's tags: the public list with question counts, and merging one into another. */

/** A Q&A tag as the public pages list it, with its number of public questions. */
export interface PublicAskTag {
  id: number;
  name: string;
  nameEn: string | null;
  description: string | null;
  descriptionEn: string | null;
  questionCount: number;
}

/** A church has tens of Q&A tags, not thousands: the public list is one answer. */
const PUBLIC_TAG_LIMIT = 500;

/**
 * Moves a tag's questions to the target tag and removes the tag, at the version the
 * moderator read (40900 otherwise). Answers the removed tag's row and how many questions
 * carried it.
 */
export async function mergeAskTag(
  trx: Transaction<Database>,
  sourceId: number,
  targetId: number,
  version: number,
) {
  const [source, target] = await Promise.all([
    trx
      .selectFrom("askTags")
      .selectAll()
      .where("id", "=", sourceId)
      .executeTakeFirst(),
    trx
      .selectFrom("askTags")
      .select("id")
      .where("id", "=", targetId)
      .executeTakeFirst(),
  ]);
  if (!source || !target) throw notFound();
  if (source.version !== version) throw conflict();
  const links = await trx
    .selectFrom("askQuestionTags")
    .select("questionId")
    .where("tagId", "=", sourceId)
    .execute();
  // Questions that already carry the target keep one link to it.
  await trx
    .insertInto("askQuestionTags")
    .columns(["questionId", "tagId"])
    .expression((eb) =>
      eb
        .selectFrom("askQuestionTags as source")
        .select(["source.questionId", eb.val(targetId).as("tagId")])
        .where("source.tagId", "=", sourceId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("askQuestionTags as existing")
                .select("existing.questionId")
                .whereRef("existing.questionId", "=", "source.questionId")
                .where("existing.tagId", "=", targetId),
            ),
          ),
        ),
    )
    .execute();
  await trx
    .deleteFrom("askQuestionTags")
    .where("tagId", "=", sourceId)
    .execute();
  await trx.deleteFrom("askTags").where("id", "=", sourceId).execute();
  return { source, moved: links.length };
}

/** The Q&A tags in their order, with the number of public questions of each. */
export async function publicAskTags(store: Store): Promise<PublicAskTag[]> {
  const rows = await store.db
    .selectFrom("askTags")
    .leftJoin("askQuestionTags", "askQuestionTags.tagId", "askTags.id")
    .leftJoin("askQuestions", (join) =>
      join
        .onRef("askQuestions.id", "=", "askQuestionTags.questionId")
        .on("askQuestions.status", "in", PUBLIC_STATUSES),
    )
    .select((eb) => [
      "askTags.id",
      "askTags.name",
      "askTags.nameEn",
      "askTags.description",
      "askTags.descriptionEn",
      eb.fn.count<number>("askQuestions.id").as("questionCount"),
    ])
    .groupBy([
      "askTags.id",
      "askTags.name",
      "askTags.nameEn",
      "askTags.description",
      "askTags.descriptionEn",
      "askTags.sortOrder",
      "askTags.namePinyin",
    ])
    .orderBy("askTags.sortOrder")
    .orderBy("askTags.namePinyin")
    .orderBy("askTags.id")
    .limit(PUBLIC_TAG_LIMIT)
    .execute();
  return rows.map((row) => ({
    ...row,
    questionCount: Number(row.questionCount),
  }));
}

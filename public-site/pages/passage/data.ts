import type { VerseRange } from "../../../common/passages";
import type { PassageHit } from "../../data";

/** The kinds a passage page groups its hits by, in this order. */
export const PASSAGE_KINDS = [
  "sermon",
  "article",
  "document",
  "question",
  "answer",
] as const;

/** `/passage?ref=`: everything public on a passage (issue 23 item 5). */
export interface PassagePageData {
  page: "passage";
  /** The reference as asked ("" when none). */
  ref: string;
  ranges: VerseRange[];
  /** Why the reference was refused (a 400 page), or null. */
  problem: null | "too_long" | "not_reference";
  hits: PassageHit[];
}

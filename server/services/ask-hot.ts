/**
 * The hot ranking of a question, stored on every write that changes its inputs (a vote,
 * an answer, an accept) so the hot tab reads an index and computes nothing per read.
 *
 * It is Reddit's form: the order of magnitude of the question's weight (votes plus two per
 * answer) plus its creation time divided by a constant. Age enters through the creation
 * time, which never changes, so a stored value stays right as time passes: a newer
 * question outranks an older one unless the older one has about ten times the weight per
 * 12.5 hours between them (docs/decisions.md).
 */
const EPOCH_SECONDS = Date.UTC(2024, 0, 1) / 1000;
const DECAY_SECONDS = 45_000;
const ANSWER_WEIGHT = 2;

export function hotScore(input: {
  score: number;
  answerCount: number;
  createdAt: string;
}): number {
  const weight = input.score + ANSWER_WEIGHT * input.answerCount;
  const order = Math.log10(Math.max(Math.abs(weight), 1));
  const sign = Math.sign(weight);
  const seconds = Date.parse(input.createdAt) / 1000 - EPOCH_SECONDS;
  return Math.round((sign * order + seconds / DECAY_SECONDS) * 1e7) / 1e7;
}

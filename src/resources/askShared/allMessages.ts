import { deepMerge } from "../../i18n/deepMerge";
import type { LanguageMessages } from "../../i18n/catalog";
import { askSharedMessages } from "./messages";
import { askQuestionMessages } from "../askQuestions/messages";
import { askAnswerMessages } from "../askAnswers/messages";
import { askComplaintMessages } from "../askComplaints/messages";
import { askMuteMessages } from "../askMutes/messages";
import { askTagMessages } from "../askTags/messages";
import { askConfigMessages } from "../askConfig/messages";

const fragments: LanguageMessages[] = [
  askSharedMessages,
  askQuestionMessages,
  askAnswerMessages,
  askComplaintMessages,
  askMuteMessages,
  askTagMessages,
  askConfigMessages,
];

/** Every Q&A moderation folder's messages, merged: they load as one feature chunk. */
export const moderationMessages: LanguageMessages = {
  "zh-CN": deepMerge(...fragments.map((f) => f["zh-CN"])),
  "en-US": deepMerge(...fragments.map((f) => f["en-US"])),
};

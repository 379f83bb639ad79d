import type { FastifyPluginAsync } from "fastify";
import { adminAnswerRoutes } from "./admin-answers.js";
import { adminLookupRoutes } from "./admin-lookups.js";
import { adminConfigRoutes } from "./admin-config.js";
import { adminQuestionRoutes } from "./admin-questions.js";
import { adminReportRoutes } from "./admin-reports.js";
import { adminReviewRoutes } from "./admin-review.js";
import { adminRevealRoutes } from "./admin-reveal.js";
import { answerRoutes } from "./answers.js";
import { muteRoutes } from "./mutes.js";
import { hiddenPostRoutes, notificationRoutes } from "./notifications.js";
import { questionRoutes } from "./questions.js";
import { reportRoutes } from "./reports.js";
import { askTagRoutes } from "./tags.js";
import { voteRoutes } from "./votes.js";
import { indexAskPostsOnReady } from "../../services/ask/search.js";
import { reportDisplayNameClashesOnReady } from "../../services/display-names.js";

/** The public Q&A community's API, `/tjc/ask/…` (issue 14). */
export const askRoutes: FastifyPluginAsync = async (app) => {
  indexAskPostsOnReady(app);
  reportDisplayNameClashesOnReady(app);
  await app.register(askTagRoutes);
  await app.register(questionRoutes);
  await app.register(answerRoutes);
  await app.register(voteRoutes);
  await app.register(reportRoutes);
  await app.register(notificationRoutes);
  await app.register(hiddenPostRoutes);
  await app.register(muteRoutes);
  // The moderation back office (issue 15).
  await app.register(adminQuestionRoutes);
  await app.register(adminAnswerRoutes);
  await app.register(adminReviewRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminConfigRoutes);
  await app.register(adminRevealRoutes);
  await app.register(adminLookupRoutes);
};

export default askRoutes;

import type { FastifyPluginAsync } from "fastify";
import { answerRoutes } from "./answers.js";
import { muteRoutes } from "./mutes.js";
import { notificationRoutes } from "./notifications.js";
import { questionRoutes } from "./questions.js";
import { reportRoutes } from "./reports.js";
import { askTagRoutes } from "./tags.js";
import { voteRoutes } from "./votes.js";
import { indexAskPostsOnReady } from "./search.js";

/** The public Q&A community's API, `/tjc/ask/…` (issue 14). */
export const askRoutes: FastifyPluginAsync = async (app) => {
  indexAskPostsOnReady(app);
  await app.register(askTagRoutes);
  await app.register(questionRoutes);
  await app.register(answerRoutes);
  await app.register(voteRoutes);
  await app.register(reportRoutes);
  await app.register(notificationRoutes);
  await app.register(muteRoutes);
};

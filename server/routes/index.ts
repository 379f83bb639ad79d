import type { FastifyPluginAsync } from "fastify";
import { askRoutes } from "./ask/index.js";
import { authRoutes } from "./auth/index.js";
import { accountRoutes } from "./auth/account.js";
import { fileRoutes } from "./files/index.js";
import { healthRoutes } from "./health.js";
import { jobRoutes } from "./jobs/index.js";
import { behaviorRoutes } from "./behavior/index.js";
import { referenceRoutes } from "./reference/index.js";
import { signUpRoutes } from "./public/signup.js";
import { loginLockRoutes } from "./system/login-locks.js";
import { tagRoutes } from "./tags/index.js";
import { sermonRoutes } from "./sermons/index.js";
import { mediaContentRoutes } from "./media-content/index.js";
import { publicContentRoutes } from "./public-content/index.js";
import { systemRoutes } from "./system/index.js";
import { passageRoutes } from "./passages/index.js";

/** Every /tjc route module, registered under the /tjc prefix by app.ts. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(tagRoutes);
  await app.register(referenceRoutes);
  await app.register(fileRoutes);
  await app.register(sermonRoutes);
  await app.register(loginLockRoutes);
  await app.register(askRoutes);
  await app.register(signUpRoutes);
  await app.register(systemRoutes);
  await app.register(jobRoutes);
  await app.register(behaviorRoutes);
  await app.register(mediaContentRoutes);
  await app.register(publicContentRoutes);
  await app.register(passageRoutes);
};

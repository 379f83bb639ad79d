import type { FastifyPluginAsync } from "fastify";
import { channelRoutes } from "./channels.js";
import { liveConfigRoutes } from "./live-config.js";
import { liveNoticeRoutes } from "./live-notices.js";
import { liveVideoRoutes } from "./live-videos.js";
import { publicLiveRoutes } from "./public-live.js";

/** Live streaming (issue 12 items 3–7); docs/live.md. */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  await app.register(channelRoutes);
  await app.register(liveVideoRoutes);
  await app.register(liveConfigRoutes);
  await app.register(liveNoticeRoutes);
  await app.register(publicLiveRoutes);
};

export default liveRoutes;

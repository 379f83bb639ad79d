import type { FastifyPluginAsync } from "fastify";
import { audioResource } from "./audios.js";
import { videoResource } from "./videos.js";
import { gospelDocResource } from "./gospel-docs.js";

/** Audio, video and gospel documents (issue 11 item 5), one content resource each. */
export const mediaContentRoutes: FastifyPluginAsync = async (app) => {
  audioResource.register(app);
  videoResource.register(app);
  gospelDocResource.register(app);
};

export default mediaContentRoutes;

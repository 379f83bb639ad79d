import type { FastifyPluginAsync } from "fastify";
import { defineResource } from "../../resources/define-resource.js";
import { audioResource } from "./audios.js";
import { videoResource } from "./videos.js";
import { gospelDocResource } from "./gospel-docs.js";

/** Audio, video and gospel documents (issue 11 item 5), one defineResource each. */
export const mediaContentRoutes: FastifyPluginAsync = async (app) => {
  defineResource(app, audioResource);
  defineResource(app, videoResource);
  defineResource(app, gospelDocResource);
};

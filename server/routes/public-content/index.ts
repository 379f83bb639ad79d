import type { FastifyPluginAsync } from "fastify";
import { registerPublicReads } from "../../resources/public-reads.js";
import { sermonResource } from "../sermons/index.js";
import { audioResource } from "../media-content/audios.js";
import { videoResource } from "../media-content/videos.js";
import { gospelDocResource } from "../media-content/gospel-docs.js";
import { articleResource } from "../articles/index.js";
import { podcastRoutes } from "./podcast.js";

/**
 * The public read API (issue 11 item 7), one generic registration per workflow resource:
 * `/tjc/public/<path>` and `/:id`, published records only, no login. A new content
 * resource joins with one more line here.
 */
export const publicContentRoutes: FastifyPluginAsync = async (app) => {
  registerPublicReads(app, sermonResource, {
    defaultSort: ["preachedOn", "DESC"],
  });
  registerPublicReads(app, audioResource);
  registerPublicReads(app, videoResource);
  registerPublicReads(app, gospelDocResource);
  registerPublicReads(app, articleResource);
  await app.register(podcastRoutes);
};

export default publicContentRoutes;

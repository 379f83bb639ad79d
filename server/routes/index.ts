import type { FastifyPluginAsync } from "fastify";
import { routeFolders } from "./folders.js";

/**
 * Every /tjc route folder (./folders.ts), registered under the /tjc prefix by app.ts in
 * name order: each folder's index.ts default-exports its routes.
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  for (const folder of routeFolders()) {
    // esbuild bundles every ./*/index.ts this pattern matches (a glob import).
    const module = (await import(`./${folder}/index.ts`)) as {
      default?: FastifyPluginAsync;
    };
    if (typeof module.default !== "function")
      throw new Error(
        `server/routes/${folder}/index.ts has no default export: its routes`,
      );
    await app.register(module.default);
  }
};

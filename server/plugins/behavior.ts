import fp from "fastify-plugin";
import { BehaviorWriter } from "../behavior/writer.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Queued behaviour events, written once a second (server/behavior/writer.ts). */
    behavior: BehaviorWriter;
  }
}

/** The behaviour event writer: started with the app, flushed before the store closes. */
export const behaviorPlugin = fp(
  async (app) => {
    const writer = new BehaviorWriter(app.store, (error) =>
      app.log.error({ err: error }, "behaviour events not written"),
    );
    app.decorate("behavior", writer);
    app.addHook("onReady", async () => writer.start());
    app.addHook("preClose", async () => writer.stop());
  },
  { name: "behavior", dependencies: ["store"] },
);

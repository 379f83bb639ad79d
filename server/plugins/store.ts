import fp from "fastify-plugin";
import type { Store } from "../db/store.js";
import { viewCounter } from "../services/view-counter.js";

/** Makes the store available as `app.store` and closes it with the app. */
export const storePlugin = fp<{ store: Store }>(
  async (app, { store }) => {
    app.decorate("store", store);
    app.addHook("onClose", async () => {
      // Question views counted in memory are written before the store closes.
      await viewCounter(store).flush();
      await store.close();
    });
  },
  { name: "store" },
);

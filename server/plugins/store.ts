import fp from "fastify-plugin";
import type { Store } from "../db/store.js";

/** Makes the store available as `app.store` and closes it with the app. */
export const storePlugin = fp<{ store: Store }>(
  async (app, { store }) => {
    app.decorate("store", store);
    app.addHook("onClose", async () => {
      await store.close();
    });
  },
  { name: "store" },
);

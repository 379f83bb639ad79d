import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterEach, expect, test } from "vitest";
import { openStore, type Store } from "../db/store.js";
import { envelopePlugin } from "./envelope.js";
import { storePlugin } from "./store.js";
import { authPlugin } from "./auth.js";

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

async function appWithAuth() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lampstand-auth-"));
  store = await openStore({ dataDir });
  const app = Fastify({ logger: false });
  await app.register(envelopePlugin);
  await app.register(storePlugin, { store });
  await app.register(authPlugin);
  return app;
}

test("a /tjc route that declares no permission stops the app from starting", async () => {
  const app = await appWithAuth();
  await expect(
    app.register(async (api) => {
      api.get("/tjc/forgotten", async () => ({ code: 0 }));
    }),
  ).rejects.toThrow(/declares no permission/);
  store = undefined; // closed with the failed app
});

test("routes outside /tjc need no declaration", async () => {
  const app = await appWithAuth();
  app.get("/tjc-config.js", async () => "ok");
  app.get("/elsewhere", async () => "ok");
  await app.ready();
  expect((await app.inject({ url: "/elsewhere" })).body).toBe("ok");
  await app.close();
  store = undefined;
});

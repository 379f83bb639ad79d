import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { IMAGE_SAMPLES } from "../../services/image-samples.js";
import {
  loginAdmin,
  makeServerStore,
  startServerProcess,
} from "../../test/server-process.js";

/**
 * A kill -9 in the middle of an upload leaves its temporary behind: it must never be
 * served, and the next start removes it once it is stale.
 */
const store = makeServerStore();
afterAll(() => store.dispose());

function temporaries(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true })
    .map(String)
    .filter((name) => path.basename(name).startsWith(".upload-"));
}

test("a kill -9 mid-upload leaves a temporary that is never served and is cleaned at the next start", async () => {
  // Uploads stream to DATA_DIR/upload-temporaries, outside the served tree.
  const imagesRoot = path.join(store.dataDir, "upload-temporaries");
  const first = await startServerProcess(store);
  const token = await loginAdmin(first.baseUrl);

  // Send the head of an upload and part of the file, then hold the rest back.
  const boundary = "----crash";
  const request = http.request(`${first.baseUrl}/tjc/files/images`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": "10000000",
    },
  });
  request.on("error", () => {});
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  request.write(Buffer.from(IMAGE_SAMPLES.png));
  request.write(Buffer.alloc(200_000, 1));
  const deadline = Date.now() + 10_000;
  while (temporaries(imagesRoot).length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [left] = temporaries(imagesRoot);
  expect(left).toBeDefined();

  first.child.kill("SIGKILL");
  await first.exited;
  request.destroy();
  expect(temporaries(imagesRoot)).toEqual([left]);

  // A later start: the temporary is served by no URL, and is gone once stale.
  const second = await startServerProcess(store);
  try {
    const served = await fetch(
      `${second.baseUrl}/files/../upload-temporaries/${left.split(path.sep).join("/")}`,
    );
    expect(served.status).toBe(404);
    expect(await served.text()).not.toContain("\u0001\u0001\u0001");
  } finally {
    second.child.kill("SIGTERM");
    await second.exited;
  }
  // Ten minutes later (the temporary's clock moved back): the next start removes it.
  const past = new Date(Date.now() - 11 * 60 * 1000);
  fs.utimesSync(path.join(imagesRoot, left), past, past);
  const third = await startServerProcess(store);
  try {
    expect(temporaries(imagesRoot)).toEqual([]);
    expect(third.output()).toContain("removed upload temporaries");
  } finally {
    third.child.kill("SIGTERM");
    await third.exited;
  }
}, 120_000);

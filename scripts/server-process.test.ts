import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import {
  SERVER_MALLOC_ENV,
  SERVER_NODE_FLAGS,
  serverEnv,
} from "./server-process.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-process-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A stand-in server: prints its flags and malloc settings as JSON, then exits with
 * FAKE_EXIT, or on SIGTERM says so and exits 0, or with FAKE_SIGNAL kills itself.
 */
const fakeEntry = path.join(dir, "fake-server.mjs");
fs.writeFileSync(
  fakeEntry,
  `const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith("MALLOC_")));
const waits = !process.env.FAKE_SIGNAL && !process.env.FAKE_EXIT;
// The handler is in place before the first line is printed: the test sends SIGTERM as
// soon as it reads that line.
if (waits) {
  process.on("SIGTERM", () => { console.log("got SIGTERM"); process.exit(0); });
  setInterval(() => {}, 1000);
}
console.log(JSON.stringify({ execArgv: process.execArgv, env }));
if (process.env.FAKE_SIGNAL) process.kill(process.pid, process.env.FAKE_SIGNAL);
else if (process.env.FAKE_EXIT) process.exit(Number(process.env.FAKE_EXIT));
`,
);

/** What scripts/start.mjs does once the build is fresh, with the stand-in server. */
const runner = path.join(dir, "start.mjs");
fs.writeFileSync(
  runner,
  `import { runServer } from ${JSON.stringify(
    path.resolve("scripts/server-process.mjs"),
  )};
runServer(${JSON.stringify(fakeEntry)});
`,
);

/** Runs the stand-in server through runServer, as scripts/start.mjs runs the real one. */
function run(env: Record<string, string>, nodeFlags: string[] = []) {
  const base = { ...process.env };
  for (const name of Object.keys(SERVER_MALLOC_ENV)) delete base[name];
  const child = spawn(process.execPath, [...nodeFlags, runner], {
    env: { ...base, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, "exit") as Promise<[number | null, string | null]>;
  return { child, exited, output: () => output };
}

test("the server process gets the server's flags and malloc settings, and its exit code comes back", async () => {
  const { exited, output } = run({ FAKE_EXIT: "7" });
  expect(await exited).toEqual([7, null]);
  const seen = JSON.parse(output().split("\n")[0]!) as {
    execArgv: string[];
    env: Record<string, string>;
  };
  expect(seen.execArgv).toEqual(SERVER_NODE_FLAGS);
  expect(seen.env).toEqual(SERVER_MALLOC_ENV);
});

test("Node flags given to the start script reach the server after the server's own", async () => {
  const { exited, output } = run({ FAKE_EXIT: "0" }, ["--enable-source-maps"]);
  expect(await exited).toEqual([0, null]);
  const seen = JSON.parse(output().split("\n")[0]!) as { execArgv: string[] };
  expect(seen.execArgv).toEqual([...SERVER_NODE_FLAGS, "--enable-source-maps"]);
});

test("a malloc setting the operator made is kept", async () => {
  const { exited, output } = run({ FAKE_EXIT: "0", MALLOC_ARENA_MAX: "4" });
  expect(await exited).toEqual([0, null]);
  const seen = JSON.parse(output().split("\n")[0]!) as {
    env: Record<string, string>;
  };
  expect(seen.env.MALLOC_ARENA_MAX).toBe("4");
  expect(seen.env.MALLOC_MMAP_THRESHOLD_).toBe(
    SERVER_MALLOC_ENV.MALLOC_MMAP_THRESHOLD_,
  );
  expect(serverEnv({ MALLOC_ARENA_MAX: "" }).MALLOC_ARENA_MAX).toBe(
    SERVER_MALLOC_ENV.MALLOC_ARENA_MAX,
  );
});

test("SIGTERM is passed on to the server, which stops gracefully", async () => {
  const { child, exited, output } = run({});
  while (!output().includes("execArgv"))
    await new Promise((resolve) => setTimeout(resolve, 20));
  child.kill("SIGTERM");
  expect(await exited).toEqual([0, null]);
  expect(output()).toContain("got SIGTERM");
});

test("a server killed by a signal ends the start process by the same signal", async () => {
  const { exited } = run({ FAKE_SIGNAL: "SIGKILL" });
  expect(await exited).toEqual([null, "SIGKILL"]);
});

// `npm start`: builds whatever is missing or older than its sources, then runs the server
// (which migrates and seeds the store on start) as a child process with the flags and the
// malloc settings of scripts/server-process.mjs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { runServer } from "./server-process.mjs";

const root = path.resolve(import.meta.dirname, "..");

function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    let stat;
    try {
      stat = fs.statSync(entry);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(entry)) {
        if (name === "node_modules" || name.startsWith(".")) continue;
        visit(path.join(entry, name));
      }
    } else if (!/\.test\.tsx?$/.test(entry)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
  return newest;
}

function builtAt(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Builds quietly: one line saying what, then only warnings and errors. */
function run(script, what, extraArgs = []) {
  console.log(`Building ${what}…`);
  const args = ["run", "--silent", script];
  if (extraArgs.length > 0) args.push("--", ...extraArgs);
  const result = spawnSync("npm", args, {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const webSources = [
  "src",
  "public-site",
  "common",
  "index.html",
  "vite.config.ts",
  "package.json",
];
if (builtAt("dist/web/index.html") < newestMtime(webSources))
  run("build:web", "the admin and the public site", ["--logLevel", "warn"]);
const serverSources = ["server", "common", "package.json"];
if (builtAt("dist/server/main.js") < newestMtime(serverSources))
  run("build:server", "the server");

runServer(path.join(root, "dist/server/main.js"));

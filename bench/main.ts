// `npm run bench`: the list bench (run.ts), the server's RSS with everything on
// (memory.ts), the admin's budgets (admin.ts), the
// behaviour endpoint and rollup (behavior.ts), the public Q&A site (community.ts), the
// word index on sermons (search.ts), the sermon list with tags against raw SQL
// (sermons.ts), the public content pages (public-content.ts), the believers' CSV import (import.ts), then a 1 GB video upload's server
// RSS (upload.ts).
// `npm run bench -- soak`: the soak run (soak.ts) alone.
import { spawnSync } from "node:child_process";
import path from "node:path";

const here = import.meta.dirname;
const run = (script: string) =>
  spawnSync(process.execPath, ["--import", "tsx", path.join(here, script)], {
    stdio: "inherit",
  }).status ?? 1;

const [mode, ...rest] = process.argv.slice(2);
if (rest.length > 0 || (mode !== undefined && mode !== "soak")) {
  process.stderr.write("usage: npm run bench [-- soak]\n");
  process.exit(64);
}
if (mode === "soak") process.exit(run("soak.ts"));
const status = run("run.ts");
// RSS with everything on: idle, the list's peak, after a mixed pass (issue 27).
const memory = status === 0 ? run("memory.ts") : status;
const admin = memory === 0 ? run("admin.ts") : memory;
const behavior = admin === 0 ? run("behavior.ts") : admin;
const community = behavior === 0 ? run("community.ts") : behavior;
// The word index on 100,000 sermons (issue 16).
const search = community === 0 ? run("search.ts") : community;
// 100,000 sermons with tags, listed by tag and keyword against raw SQL (issue 11).
const sermons = search === 0 ? run("sermons.ts") : search;
// The public content pages on 100,000 sermons: SSR against JSON, Lighthouse (issue 23).
const pages = sermons === 0 ? run("public-content.ts") : sermons;
// The believers' 50,000-row import (issue 12).
const imported = pages === 0 ? run("import.ts") : pages;
// The 1 GB upload's RSS (issue 11's Performance section).
process.exit(imported === 0 ? run("upload.ts") : imported);

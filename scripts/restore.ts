// `npm run restore -- <dir> [--force]`: loads a backup into the configured store
// (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA), of either kind. Stop the server first.
import { loadConfig } from "../server/config.js";
import { restore } from "../server/ops/restore.js";

const args = process.argv.slice(2);
const force = args.includes("--force");
const dirs = args.filter((arg) => arg !== "--force");
if (dirs.length !== 1) {
  process.stderr.write("usage: npm run restore -- <directory> [--force]\n");
  process.exit(64);
}
const config = loadConfig();
try {
  const manifest = await restore(config, dirs[0]!, { force });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `restored ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files into ${config.databaseUrl ? "postgres" : "sqlite"}\n`,
  );
} catch (error) {
  process.stderr.write(`restore failed: ${(error as Error).message}\n`);
  process.exit(1);
}

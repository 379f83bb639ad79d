// `npm run backup -- <dir>`: a backup of the configured store (DATA_DIR, DATABASE_URL,
// DATABASE_SCHEMA) and its uploads into <dir>. Safe while the server runs.
import { loadConfig } from "../server/config.js";
import { backup } from "../server/ops/backup.js";

const dir = process.argv[2];
if (!dir || process.argv.length > 3) {
  process.stderr.write("usage: npm run backup -- <directory>\n");
  process.exit(64);
}
const config = loadConfig();
try {
  const manifest = await backup(config, dir);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `backed up ${manifest.source}: ${manifest.tables.length} tables, ${rows} rows, ${manifest.files.length} files → ${dir}\n`,
  );
} catch (error) {
  process.stderr.write(`backup failed: ${(error as Error).message}\n`);
  process.exit(1);
}

/**
 * `npm run db:backup [-- <file>]`: a consistent copy of the SQLite database
 * while the server runs (SQLite's online backup API, through better-sqlite3:
 * pages are copied in steps, writers are not stopped), to <file> or
 * DATA_DIR/backups/foodpilot-<UTC time>.sqlite. Restore: stop the server,
 * put the copy in place of DATA_DIR/foodpilot.sqlite (and remove any
 * foodpilot.sqlite-wal/-shm beside it), start again.
 *
 * On PostgreSQL (DATABASE_URL) the database's own tool does it: the command
 * says so and prints the pg_dump line for that URL. Uploaded pictures are
 * files under DATA_DIR/images (or objects in S3_BUCKET): copy them beside.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { loadConfig, SQLITE_FILE_NAME } from '../config.ts';

const config = loadConfig();

if (config.databaseUrl) {
  const safe = new URL(config.databaseUrl);
  if (safe.password) safe.password = '***';
  console.error(`DATABASE_URL is set (${safe.toString()}): back PostgreSQL up with its own tool, e.g.`);
  console.error('  pg_dump --format=custom --file=foodpilot.dump "$DATABASE_URL"');
  console.error('and restore with pg_restore --clean --if-exists --dbname="$DATABASE_URL" foodpilot.dump');
  process.exit(1);
}

const source = path.join(config.dataDir, SQLITE_FILE_NAME);
if (!fs.existsSync(source)) {
  console.error(`No database at ${source} (DATA_DIR=${config.dataDir}).`);
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'backups', `foodpilot-${stamp}.sqlite`));
fs.mkdirSync(path.dirname(target), { recursive: true });

const db = new SqliteDatabase(source, { fileMustExist: true });
try {
  await db.backup(target);
} finally {
  db.close();
}
const check = new SqliteDatabase(target);
try {
  // One self-contained file (the server turns WAL on again when it opens it).
  check.pragma('journal_mode = DELETE');
  const verdict = check.pragma('integrity_check', { simple: true });
  if (verdict !== 'ok') throw new Error(`the copy fails its integrity check: ${String(verdict)}`);
} finally {
  check.close();
}
console.log(`Backed up ${source} to ${target} (${(fs.statSync(target).size / 1024 / 1024).toFixed(1)} MB).`);

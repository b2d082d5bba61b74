/** `npm run db:migrate`: brings the database (SQLite in DATA_DIR, or DATABASE_URL) to the latest schema. */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { describeDatabase } from './banner.ts';

const config = loadConfig();
const db = openDatabase(config);
try {
  const results = await migrateToLatest(db);
  console.log(`Database: ${describeDatabase(config)}`);
  if (results.length === 0) console.log('Already up to date.');
  for (const result of results) console.log(`  ${result.status === 'Success' ? 'applied' : result.status}: ${result.migrationName}`);
} finally {
  await db.destroy();
}

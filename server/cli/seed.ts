/**
 * `npm run db:seed`: migrates, then writes the demo city if the database is
 * empty (it never touches a database that has data) and prints the demo accounts.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { formatDemoAccounts } from '../seed/demo-accounts.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { describeDatabase } from './banner.ts';

const config = loadConfig();
const db = openDatabase(config);
try {
  await migrateToLatest(db);
  const result = await seedDemo(db, config.dataDir);
  console.log(`Database: ${describeDatabase(config)}`);
  console.log(result.seeded ? 'Seeded the demo city of Riverton.' : 'The database already has data; left it as it is.');
  console.log(`\nDemo accounts (role, e-mail, password):\n${formatDemoAccounts(result.accounts)}`);
} finally {
  await db.destroy();
}

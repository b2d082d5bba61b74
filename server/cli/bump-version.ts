/**
 * Raises a version in /version.json until admins have a console for it:
 *   node --import tsx server/cli/bump-version.ts settings   → clients refetch settings
 *   node --import tsx server/cli/bump-version.ts cache      → clients clear caches and reload
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createVersionsRepository, type VersionKind } from '../settings/versions-repository.ts';

const kind = process.argv[2];
if (kind !== 'settings' && kind !== 'cache') {
  console.error('Usage: bump-version.ts settings|cache');
  process.exit(2);
}

const config = loadConfig();
const db = openDatabase(config);
try {
  await migrateToLatest(db);
  const versions = createVersionsRepository(db);
  const next = await versions.bump(kind satisfies VersionKind);
  console.log(`Bumped the ${kind} version to ${next}. /version.json now answers:`);
  console.log(JSON.stringify(await versions.get()));
} finally {
  await db.destroy();
}

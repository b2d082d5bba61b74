/**
 * Migrations build the whole schema on an empty database (both dialects) and
 * are a no-op the second time; bumping a version is what makes every client
 * refetch settings or clear its caches.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { migrations } from '../../../server/db/migrations/index.ts';
import { createVersionsRepository } from '../../../server/settings/versions-repository.ts';
import { testDatabases } from '../../support/databases.ts';
import { useUnmigratedDatabase } from '../../support/unmigrated-database.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../../..');
const EXPECTED_TABLES = [
  'settings',
  'app_versions',
  'languages',
  'translations',
  'popular_locations',
  'users',
  'auth_tokens',
  'restaurants',
  'restaurant_categories',
  'restaurant_category_links',
  'category_slides',
  'category_slide_categories',
  'item_categories',
  'items',
  'promo_sliders',
  'promo_slides',
  'idempotency_keys',
];

describe.each(testDatabases())('migrations on $kind', ({ kind }) => {
  const fresh = useUnmigratedDatabase(kind);

  it('builds every table on an empty database, then has nothing left to do', async () => {
    const { db } = fresh;
    const first = await migrateToLatest(db);
    expect(first.map((result) => [result.migrationName, result.status])).toEqual(
      Object.keys(migrations).map((name) => [name, 'Success']),
    );
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(EXPECTED_TABLES));
    expect(await migrateToLatest(db)).toEqual([]);
  });

  it('enforces what the schema promises: unique e-mails and known roles only', async () => {
    const { db } = fresh;
    const user = { name: 'A', email: 'same@foodpilot.test', password_hash: 'x', role: 'customer' as const, created_at: '' };
    await db.insertInto('users').values(user).execute();
    await expect(db.insertInto('users').values(user).execute()).rejects.toThrow();
    await expect(
      db
        .insertInto('users')
        .values({ ...user, email: 'other@foodpilot.test', role: 'pirate' as 'customer' })
        .execute(),
    ).rejects.toThrow();
  });
});

describe.each(testDatabases())('versions on $kind', ({ kind }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, distDir: path.join(REPOSITORY_ROOT, 'no-such-dist') });
  });
  afterAll(async () => {
    await server?.close();
  });

  const versionJson = async () => (await fetch(`${server.url}/version.json`)).json();

  it('bump raises one version at a time and /version.json shows it', async () => {
    const versions = createVersionsRepository(server.db);
    expect(await versionJson()).toEqual({ forceNewSettingsVersion: '1', forceCacheClearVersion: '1' });
    expect(await versions.bump('settings')).toBe('2');
    expect(await versionJson()).toEqual({ forceNewSettingsVersion: '2', forceCacheClearVersion: '1' });
    expect(await versions.bump('cache')).toBe('2');
    expect(await versions.bump('cache')).toBe('3');
    expect(await versionJson()).toEqual({ forceNewSettingsVersion: '2', forceCacheClearVersion: '3' });
  });

  it('the bump-version command does the same from a shell', async () => {
    const before = (await versionJson()) as { forceCacheClearVersion: string };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'server/cli/bump-version.ts', 'cache'],
      {
        cwd: REPOSITORY_ROOT,
        env: {
          ...process.env,
          DATA_DIR: server.dataDir,
          DATABASE_URL: server.databaseUrl ?? '',
        },
      },
    );
    const expected = String(Number(before.forceCacheClearVersion) + 1);
    expect(stdout).toContain(`cache version to ${expected}`);
    expect(await versionJson()).toMatchObject({ forceCacheClearVersion: expected });
  });

  it('the bump-version command refuses an unknown kind', async () => {
    await expect(
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/cli/bump-version.ts', 'everything'], {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, DATA_DIR: server.dataDir },
      }),
    ).rejects.toMatchObject({ code: 2 });
  });
});

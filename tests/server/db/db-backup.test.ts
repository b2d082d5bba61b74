/**
 * `npm run db:backup` (server/cli/backup.ts, README "Backups"): a copy of
 * the SQLite database taken while it is open and has writes still in its
 * WAL holds them, passes its integrity check and is one file; on PostgreSQL
 * the command refuses and names pg_dump.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../../server/config.ts';
import { openDatabase } from '../../../server/db/connect.ts';
import { migrateToLatest } from '../../../server/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../../support/databases.ts';

const run = promisify(execFile);
const backup = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', ...args], { env: { ...process.env, ...env }, cwd: path.resolve('.') });

describe('npm run db:backup', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.drop();
  });

  it('copies the live SQLite database, its latest writes included, into one checked file', async () => {
    database = await createTestDatabase('sqlite');
    const db = openDatabase(database);
    try {
      await migrateToLatest(db);
      // Written while the database stays open, as the server's are: in the WAL, not yet in the main file.
      await db.insertInto('settings').values({ key: 'backupProbe', value: 'still here' }).execute();
      expect(fs.statSync(path.join(database.dataDir, `${SQLITE_FILE_NAME}-wal`)).size).toBeGreaterThan(0);

      const target = path.join(database.dataDir, 'copies', 'copy.sqlite');
      const { stdout } = await backup({ DATA_DIR: database.dataDir, DATABASE_URL: '' }, target);
      expect(stdout).toContain(`to ${target}`);
      expect(fs.readdirSync(path.dirname(target))).toEqual(['copy.sqlite']);
      const copy = new SqliteDatabase(target, { readonly: true });
      try {
        expect(copy.prepare('select value from settings where key = ?').get('backupProbe')).toEqual({ value: 'still here' });
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        copy.close();
      }
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('on PostgreSQL says to use pg_dump and exits non-zero', async () => {
    const answer = await backup({ DATABASE_URL: 'postgres://someone:secret@db.example/foodpilot' }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(answer.code).toBe(1);
    expect(answer.stderr).toContain('pg_dump');
    expect(answer.stderr).not.toContain('secret');
  }, 60_000);
});

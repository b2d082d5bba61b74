/**
 * The databases server tests run on: SQLite always, PostgreSQL too when
 * TEST_DATABASE_URL points at a server (e.g. postgres://postgres@127.0.0.1:5432/test).
 * Each test database is fresh and is removed by drop().
 *
 *   describe.each(testDatabases())('on $kind', ({ kind }) => { ... })
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type TestDatabaseKind = 'sqlite' | 'postgres';

export interface TestDatabase {
  /** Set for PostgreSQL: the URL of the fresh database; pass it as DATABASE_URL. */
  databaseUrl?: string;
  /** A fresh temporary DATA_DIR (the SQLite file and images live here). */
  dataDir: string;
  /** Removes the data dir and, for PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

export function testDatabases(): { kind: TestDatabaseKind }[] {
  const kinds: { kind: TestDatabaseKind }[] = [{ kind: 'sqlite' }];
  if (process.env.TEST_DATABASE_URL) kinds.push({ kind: 'postgres' });
  return kinds;
}

export async function createTestDataDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'foodpilot-test-'));
}

export async function createTestDatabase(kind: TestDatabaseKind = 'sqlite'): Promise<TestDatabase> {
  const dataDir = await createTestDataDir();
  const removeDataDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (kind === 'sqlite') return { dataDir, drop: removeDataDir };

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: cannot create a PostgreSQL test database');
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      await withAdminClient(adminUrl, (client) => dropDatabase(client, name));
      await removeDataDir();
    },
  };
}

/**
 * pg's Pool.end() resolves before its sockets have closed, so right after an
 * app closes the server may still count its connections. Wait for them to
 * go rather than kill them (a killed connection raises an error in the test
 * process); FORCE is only the last resort for a connection a test leaked.
 */
async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  const STILL_IN_USE = '55006';
  for (let attempt = 0; attempt < 40; attempt += 1) {
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== STILL_IN_USE) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function withAdminClient<T>(adminUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

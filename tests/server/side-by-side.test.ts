/**
 * Configuration from the environment, and two instances with their own PORT
 * and DATA_DIR running at once without seeing each other's data (how e2e
 * runs and a developer's own server coexist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SQLITE_FILE_NAME } from '../../server/config.ts';
import { startServer, type RunningServer } from '../../server/server.ts';
import { postCall } from '../support/api-client.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/databases.ts';

describe('loadConfig', () => {
  it('has safe defaults: loopback, port 8080, ./data, ./dist, SQLite', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      distDir: '/srv/app/dist',
      databaseUrl: undefined,
    });
  });

  it('reads PORT, HOST, DATA_DIR, DIST_DIR and DATABASE_URL', () => {
    const config = loadConfig(
      { PORT: '9001', HOST: '0.0.0.0', DATA_DIR: 'other', DIST_DIR: '/build', DATABASE_URL: 'postgres://x@h/db' },
      '/srv/app',
    );
    expect(config).toMatchObject({
      port: 9001,
      host: '0.0.0.0',
      dataDir: '/srv/app/other',
      distDir: '/build',
      databaseUrl: 'postgres://x@h/db',
    });
  });

  it('refuses a PORT that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('gives a closing server 10 s to finish its requests unless SHUTDOWN_GRACE_MS says otherwise, and refuses a grace that is not a duration', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '2500' }).shutdownGraceMs).toBe(2_500);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(/SHUTDOWN_GRACE_MS/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: 'soon' })).toThrow(/SHUTDOWN_GRACE_MS/);
  });
});

describe.each(testDatabases())('two instances side by side on $kind', ({ kind }) => {
  const databases: TestDatabase[] = [];
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const database = await createTestDatabase(kind);
      databases.push(database);
      const config = loadConfig({
        PORT: '0',
        DATA_DIR: database.dataDir,
        DIST_DIR: path.join(database.dataDir, 'no-build'),
        DATABASE_URL: database.databaseUrl ?? '',
        LOG_LEVEL: 'silent',
      });
      servers.push(await startServer(config));
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.app.close();
    for (const database of databases) await database.drop();
  });

  it('listen on different ports, each seeded from its own data dir', async () => {
    const [a, b] = servers;
    expect(a?.url).not.toBe(b?.url);
    for (const [index, server] of servers.entries()) {
      expect(server.seed.seeded).toBe(true);
      const answer = await postCall(server.url, 'popular-geo-locations', {});
      expect(answer.status).toBe(200);
      expect(fs.existsSync(path.join(databases[index]?.dataDir ?? '', 'images', 'icon-192.png'))).toBe(true);
      if (kind === 'sqlite') expect(fs.existsSync(path.join(databases[index]?.dataDir ?? '', SQLITE_FILE_NAME))).toBe(true);
    }
  });

  it('a change in one instance does not show in the other', async () => {
    const [a, b] = servers;
    await a?.app.settingsRepository.set('storeName', 'Only in A');
    const fromA = await postCall(a?.url ?? '', 'get-settings', {});
    const fromB = await postCall(b?.url ?? '', 'get-settings', {});
    expect(fromA.body).toContainEqual({ key: 'storeName', value: 'Only in A' });
    expect(fromB.body).not.toContainEqual({ key: 'storeName', value: 'Only in A' });
  });
});

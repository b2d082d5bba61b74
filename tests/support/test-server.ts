/**
 * A real server for tests, e2e runs and benchmarks: the real app on a fresh
 * real database (SQLite or PostgreSQL), seeded with the demo city unless told
 * otherwise, listening on 127.0.0.1 on a free port. close() stops it and
 * removes its data.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import type { AppConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/tables.ts';
import { seedDemo } from '../../server/seed/seed-demo.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.ts';
import type { PaymentsConfig } from '../../server/payments/config.ts';

export interface TestServerOptions {
  /** Default 'sqlite'. */
  kind?: TestDatabaseKind;
  /** Seed the demo city; default true. */
  seed?: boolean;
  /** The build to serve; default the repository's dist/. */
  distDir?: string;
  /** Seed, then leave no popular location marked primary (the 'Critical Error' case). */
  withoutPrimaryLocation?: boolean;
  /** Extra routes for the test, registered before the server listens (see BuildAppOptions). */
  register?: BuildAppOptions['register'];
  /** The payment gateways' credentials, as the environment would give them; default none. */
  payments?: PaymentsConfig;
  /** The time sign-in lockouts and the message budget count by (BuildAppOptions.clock); default the real one. */
  clock?: BuildAppOptions['clock'];
  /** How long a close lets requests finish before it cuts the connections (SHUTDOWN_GRACE_MS); default the server's. */
  shutdownGraceMs?: number;
}

export interface TestServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  app: FastifyInstance;
  db: Kysely<Database>;
  dataDir: string;
  /** Set on PostgreSQL: the test database's URL (e.g. to run a CLI against it). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The build e2e tests serve: dist/, or TEST_DIST_DIR (a build of one's own, e.g. while another build is under way). */
export const REPOSITORY_DIST_DIR = process.env.TEST_DIST_DIR
  ? path.resolve(process.env.TEST_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

export function testConfig(database: TestDatabase, distDir: string = REPOSITORY_DIST_DIR): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    distDir,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    // Tests read one-time codes over HTTP, as a developer may (the route answers loopback callers only).
    devOutboxHttp: true,
  };
}

/** The config with the gateways' credentials when a test gives them. */
export function withPayments(config: AppConfig, payments: PaymentsConfig | undefined): AppConfig {
  return payments ? { ...config, payments } : config;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createTestDatabase(options.kind ?? 'sqlite');
  let app: FastifyInstance | undefined;
  try {
    const config = withPayments(testConfig(database, options.distDir), options.payments);
    app = await buildApp(options.shutdownGraceMs === undefined ? config : { ...config, shutdownGraceMs: options.shutdownGraceMs }, {
      register: options.register,
      clock: options.clock,
    });
    if (options.seed ?? true) {
      await seedDemo(app.db, database.dataDir, { withoutPrimaryLocation: options.withoutPrimaryLocation ?? false });
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const started = app;
    return {
      url: address.replace(/\/$/, ''),
      app: started,
      db: started.db,
      dataDir: database.dataDir,
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      async close() {
        await started.close();
        await database.drop();
      },
    };
  } catch (error) {
    await app?.close();
    await database.drop();
    throw error;
  }
}

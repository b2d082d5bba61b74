/**
 * The app without a socket, for `app.inject` tests (the fastify/demo `build`
 * helper): the real app on a fresh real database, seeded by default. Call
 * close() in afterAll/afterEach; it stops the app and removes the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp, type BuildAppOptions } from '../../server/app.ts';
import type { Database } from '../../server/db/tables.ts';
import type { PaymentsConfig } from '../../server/payments/config.ts';
import type { S3ImageStoreConfig } from '../../server/uploads/s3-image-store.ts';
import { seedDemo } from '../../server/seed/seed-demo.ts';
import { createTestDatabase, type TestDatabaseKind } from './databases.ts';
import { testConfig, withPayments } from './test-server.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dataDir: string;
  /** Set on PostgreSQL: the test database's URL (e.g. to build a second app on the same data). */
  databaseUrl?: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo city; default true. */
  seed?: boolean;
  /** The build to serve; default the repository's dist/. */
  distDir?: string;
  withoutPrimaryLocation?: boolean;
  /**
   * Runs after the app's own routes are registered and before it is ready, so
   * a test can add a route of its own (e.g. one that throws).
   */
  register?: (app: FastifyInstance) => void | Promise<void>;
  /** The payment gateways' credentials, as the environment would give them; default none. */
  payments?: PaymentsConfig;
  /** The time sign-in lockouts and the message budget count by; default the real one. */
  clock?: BuildAppOptions['clock'];
  /** Where the development outbox prints its lines; default nowhere (the log level is silent). */
  printDevMessage?: BuildAppOptions['printDevMessage'];
  /** REDIS_URL and REDIS_KEY_PREFIX, as the environment would give them (tests/support/redis.ts); default none. */
  redis?: { url: string; keyPrefix: string };
  /** S3_* (tests/support/s3-server.ts): uploaded pictures go to that bucket; default DATA_DIR/images. */
  s3?: S3ImageStoreConfig;
}

export async function buildTestApp(kind: TestDatabaseKind = 'sqlite', options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  let app: FastifyInstance | undefined;
  try {
    const config = withPayments(testConfig(database, options.distDir), options.payments);
    app = await buildApp({
      ...config,
      ...(options.redis ? { redisUrl: options.redis.url, redisKeyPrefix: options.redis.keyPrefix } : {}),
      ...(options.s3 ? { s3: options.s3 } : {}),
    }, {
      register: options.register,
      clock: options.clock,
      printDevMessage: options.printDevMessage,
    });
    await app.ready();
    if (options.seed ?? true) {
      await seedDemo(app.db, database.dataDir, { withoutPrimaryLocation: options.withoutPrimaryLocation ?? false });
    }
    const built = app;
    return {
      app: built,
      db: built.db,
      dataDir: database.dataDir,
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      async close() {
        await built.close();
        await database.drop();
      },
    };
  } catch (error) {
    await app?.close();
    await database.drop();
    throw error;
  }
}

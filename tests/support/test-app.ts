/**
 * The app without a socket, for `app.inject` tests (the fastify/demo `build`
 * helper): the real app on a fresh real database, seeded by default. Call
 * close() in afterAll/afterEach; it stops the app and removes the database.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../server/app.ts';
import type { Database } from '../../server/db/schema.ts';
import type { PaymentsConfig } from '../../server/payments/config.ts';
import { seedDemo } from '../../server/seed/seed-demo.ts';
import { createTestDatabase, type TestDatabaseKind } from './databases.ts';
import { testConfig, withPayments } from './test-server.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  dataDir: string;
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
}

export async function buildTestApp(kind: TestDatabaseKind = 'sqlite', options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp(withPayments(testConfig(database, options.distDir), options.payments), { register: options.register });
    await app.ready();
    if (options.seed ?? true) {
      await seedDemo(app.db, database.dataDir, { withoutPrimaryLocation: options.withoutPrimaryLocation ?? false });
    }
    const built = app;
    return {
      app: built,
      db: built.db,
      dataDir: database.dataDir,
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

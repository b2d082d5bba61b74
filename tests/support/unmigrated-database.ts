/**
 * For migration tests: a fresh database per describe block, opened but not
 * migrated, removed afterwards; `migrateTo` brings it to one migration (an
 * older state to upgrade from), `migrateToLatest` the rest of the way.
 */
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import { openDatabase } from '../../server/db/connect.ts';
import { migrations } from '../../server/db/migrations/index.ts';
import type { Database } from '../../server/db/tables.ts';
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from './databases.ts';

export interface UnmigratedDatabase {
  readonly db: Kysely<Database>;
  migrateTo(name: string): Promise<void>;
}

export function useUnmigratedDatabase(kind: TestDatabaseKind): UnmigratedDatabase {
  let database: TestDatabase | undefined;
  let db: Kysely<Database> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return {
    get db() {
      if (!db) throw new Error('The database opens in beforeAll');
      return db;
    },
    async migrateTo(name) {
      const migrator = new Migrator({ db: this.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(name)).error).toBeUndefined();
    },
  };
}

/** Runs the in-code migrations with Kysely's Migrator (no files read at run time). */
import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations/index.ts';
import type { Database } from './tables.ts';

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${describe(error)}`, { cause: error });
  }
  return results ?? [];
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

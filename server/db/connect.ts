/**
 * Opens the database: SQLite (better-sqlite3, WAL, foreign keys on) in
 * DATA_DIR by default, PostgreSQL through a pg Pool when a postgres:// URL is
 * given. Everything above this file speaks Kysely and does not care which.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type KyselyPlugin } from 'kysely';
import { SQLITE_FILE_NAME } from '../config.ts';
import type { Database } from './tables.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseLocation {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export function databaseKindOf(location: DatabaseLocation): DatabaseKind {
  return location.databaseUrl ? 'postgres' : 'sqlite';
}

export function openDatabase(location: DatabaseLocation): Kysely<Database> {
  if (location.databaseUrl) return openPostgres(location.databaseUrl);
  return openSqlite(path.join(location.dataDir, SQLITE_FILE_NAME));
}

function openSqlite(file: string): Kysely<Database> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers continue while one request writes; a busy timeout makes a
  // second writer wait instead of failing at once.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteHandles.set(db, sqlite);
  return db;
}

const sqliteHandles = new WeakMap<Kysely<Database>, SqliteDatabase.Database>();

/** Prepared statements kept per SQL text: a request's queries repeat, their SQL does not change. */
const STATEMENT_CACHE_SIZE = 1_000;

/**
 * Kysely prepares every query it runs. Compiling the SQL again each time was
 * the biggest single cost of a place-order after running it (about 0.7 of
 * 3.7 ms, `npm run bench -- place-orders`), so the connection Kysely sees
 * keeps the statements it prepared, least recently used out first. A
 * statement still iterating (a streamed query) is busy and cannot be shared:
 * that query gets a fresh one.
 */
function withStatementCache(sqlite: SqliteDatabase.Database): { close(): void; prepare(sql: string): SqliteDatabase.Statement } {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      if (cached && !cached.busy) {
        // Map order is insertion order: moving it to the end keeps the least recently used first.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        statements.set(sql, statement);
        if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}

/**
 * The better-sqlite3 connection under a Kysely opened by openDatabase, for the
 * few hot reads that cannot afford a query build per call (a prepared
 * statement answers in microseconds, synchronously). undefined on PostgreSQL.
 */
export function sqliteHandleOf(db: Kysely<Database>): SqliteDatabase.Database | undefined {
  return sqliteHandles.get(db);
}

/** db.withPlugin(plugin), still known to sqliteHandleOf(). */
export function withPlugin(db: Kysely<Database>, plugin: KyselyPlugin): Kysely<Database> {
  const plugged = db.withPlugin(plugin);
  const sqlite = sqliteHandles.get(db);
  if (sqlite) sqliteHandles.set(plugged, sqlite);
  const pool = pgPools.get(db);
  if (pool) pgPools.set(plugged, pool);
  return plugged;
}


function openPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pgPools.set(db, pool);
  return db;
}

const pgPools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pg Pool under a Kysely opened by openDatabase (its counts for /metrics); undefined on SQLite. */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pgPools.get(db);
}

/** Which dialect a Kysely instance talks to; migrations use it for the few DDL differences. */
export function dialectOf(db: Kysely<unknown>): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

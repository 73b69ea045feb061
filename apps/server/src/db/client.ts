import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbTx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type DbOrTx = Db | DbTx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** node-postgres only: the pool (metrics read its counts) and how to open a separate session. */
  postgres?: { pool: pg.Pool; connectionString: string; connectTimeoutMs: number };
}

export interface PostgresTimeouts {
  /** Opening a connection, TCP and start-up included (a server that never answers times out). */
  connectTimeoutMs: number;
  /** Server-side statement_timeout; the client gives up on an answer shortly after it. */
  statementTimeoutMs: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = { connectTimeoutMs: 5000, statementTimeoutMs: 15_000 };

/** Client-side margin over statement_timeout, so PostgreSQL's own cancel normally answers first. */
const QUERY_TIMEOUT_MARGIN_MS = 1000;
/** Serialises migrations between servers starting together on one database. */
const MIGRATION_LOCK_ID = 7_310_420;

/**
 * The committed migrations folder, found by walking up from this module: the same code runs
 * from src/db (tsx, vitest) and from the bundled dist/main.js.
 */
function findMigrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i += 1) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('migrations folder (drizzle/) not found');
}

export const MIGRATIONS_DIR = findMigrationsDir();

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<PGlite> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export function connectPostgres(
  url: string,
  poolSize = 10,
  timeouts: PostgresTimeouts = DEFAULT_POSTGRES_TIMEOUTS,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Waiting for a connection (a new one, or a free one from a busy pool) ends with an error.
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    // PostgreSQL cancels a long statement itself; a stalled server is given up on by the client.
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS,
    idle_in_transaction_session_timeout: timeouts.statementTimeoutMs * 4,
    // Statements prepared once (db/sql.ts preparedOnce) are still planned for their values on each
    // execution, as unprepared ones are: a generic plan chosen after five runs could walk the
    // newest-first index for a status that only a few rows have. A startup option rather than a
    // SET on connect: that SET raced the pool's first query on the new connection.
    options: '-c plan_cache_mode=force_custom_plan',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    postgres: { pool, connectionString: url, connectTimeoutMs: timeouts.connectTimeoutMs },
  };
}

/**
 * What the database (or the driver talking to it) said, with its SQLSTATE: the messages of the
 * error's cause chain, outermost first, without Drizzle's "Failed query: …" wrapper (which
 * repeats the SQL and its parameters and hides the reason).
 */
export function databaseCause(error: unknown): string {
  const messages: string[] = [];
  let code: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
    const message = typeof candidate.message === 'string' ? candidate.message.trim() : '';
    if (message && !message.startsWith('Failed query') && !messages.includes(message)) messages.push(message);
    if (typeof candidate.code === 'string') code = candidate.code;
    // AggregateError (every address of a host refused the connection) keeps the causes in `errors`.
    current =
      !message && Array.isArray(candidate.errors) && candidate.errors.length > 0
        ? candidate.errors[0]
        : candidate.cause;
  }
  const text = messages.join(': ') || String(error);
  return code && !text.includes(code) ? `${text} (${code})` : text;
}

/** The database refused to open, connect or migrate; the message carries the database's own words. */
export class DatabaseStartupError extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what}: ${databaseCause(cause)}`, { cause });
    this.name = 'DatabaseStartupError';
  }
}

/**
 * Applies the committed migrations. On PostgreSQL they run in one session holding an advisory
 * lock, so servers started together on an empty database migrate one after the other (the
 * others then find nothing to do) instead of racing on CREATE SCHEMA / CREATE TABLE.
 */
export async function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  try {
    if (database.kind === 'pglite') {
      await migratePglite(database.db as never, { migrationsFolder });
      return;
    }
    if (!database.postgres) {
      await migratePg(database.db as never, { migrationsFolder });
      return;
    }
    // A session of its own: no statement timeout (a migration may rewrite a large table).
    const client = new pg.Client({
      connectionString: database.postgres.connectionString,
      connectionTimeoutMillis: database.postgres.connectTimeoutMs,
    });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client, { schema, casing: 'snake_case' }) as never, { migrationsFolder });
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    } finally {
      await client.end();
    }
  } catch (error) {
    throw new DatabaseStartupError('数据库迁移失败 / migration failed', error);
  }
}

import { sql } from 'drizzle-orm';
import { join } from 'node:path';
import type { Config } from '../config.js';
import {
  connectPostgres,
  DatabaseStartupError,
  migrateDatabase,
  openPglite,
  wrapPglite,
  type Database,
} from './client.js';
import { acquireDataDirLock } from './data-dir-lock.js';

/** The URL without its password, for messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

async function openPostgres(config: Config): Promise<Database> {
  const url = config.databaseUrl!;
  const database = connectPostgres(url, config.databasePoolSize, config.database);
  try {
    // One round trip first, so a wrong host, password or database name is reported as such.
    await database.db.execute(sql`select 1`);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new DatabaseStartupError(`无法连接数据库 / cannot connect to ${redactDatabaseUrl(url)}`, error);
  }
  return database;
}

/**
 * The embedded PGlite serves one process: the data directory is locked first, and a second
 * server on the same DATA_DIR refuses to start (DataDirLockedError).
 */
async function openEmbedded(config: Config): Promise<Database> {
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const database = wrapPglite(await openPglite({ dataDir: join(config.dataDir, 'pglite') }));
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw new DatabaseStartupError(
      `无法打开内置数据库 / cannot open the embedded database in ${config.dataDir}`,
      error,
    );
  }
}

/** DATABASE_URL selects PostgreSQL; otherwise the embedded PGlite under DATA_DIR/pglite. */
export async function openDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl ? await openPostgres(config) : await openEmbedded(config);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

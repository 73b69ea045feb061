import { join } from 'node:path';
import type { Config } from '../config.js';
import { connectPostgres, migrateDatabase, openPglite, wrapPglite, type Database } from './client.js';

/** DATABASE_URL selects PostgreSQL; otherwise the embedded PGlite under DATA_DIR/pglite. */
export async function openDatabase(config: Config): Promise<Database> {
  const database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, config.databasePoolSize)
    : wrapPglite(await openPglite({ dataDir: join(config.dataDir, 'pglite') }));
  await migrateDatabase(database);
  return database;
}

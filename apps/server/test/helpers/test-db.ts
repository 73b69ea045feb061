import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { connectPostgres, openPglite, wrapPglite, type Database } from '../../src/db/client.js';
import { newSid } from '../../src/lib/ids.js';

/** A fresh, migrated database for one test file: a PGlite copy, or a PostgreSQL database copy. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = inject('postgresTemplate');
    const name = `gemstock_t_${newSid(10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // Copies of one template started at the same moment can collide; a short retry settles it.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = connectPostgres(dbUrl.toString(), 10);
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  const client = await openPglite({ loadDataDir: new Blob([readFileSync(file)]) });
  return wrapPglite(client);
}

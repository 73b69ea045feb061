import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/sql.js';
import type { TestApp } from './test-app.js';

/** Every table of the schema, by name. */
export async function tableNames(t: TestApp): Promise<string[]> {
  return rowsOf<{ table_name: string }>(
    await t.database.db.execute(
      sql`SELECT table_name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    ),
  ).map((r) => r.table_name);
}

/**
 * Every table's contents as a digest, in one statement: two readings are equal only when no row
 * of any table was written in between (a refused call must leave them so).
 */
export async function tableContents(t: TestApp): Promise<Record<string, string>> {
  const digests = rowsOf<{ table: string; digest: string | null }>(
    await t.database.db.execute(
      sql.raw(
        (await tableNames(t))
          .map(
            (table) =>
              `SELECT '${table}' AS table, md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest FROM "${table}" x`,
          )
          .join(' UNION ALL '),
      ),
    ),
  );
  return Object.fromEntries(digests.map((d) => [d.table, d.digest ?? '']));
}

import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/sql.js';

/** Helpers for the tests of lists that cost one page: their plans, and walking them by cursor. */

/** A statement with its parameters written in, for EXPLAIN (which takes no parameters). */
export function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

/**
 * The plan PostgreSQL picks for a query a repository builds, once sorting and reading a whole
 * table cost the most: a plan without a Sort node then reads the rows in the order an index
 * gives, a page at a time.
 */
export async function planOf(
  db: Db,
  build: (tx: DbOrTx) => { toSQL(): { sql: string; params: unknown[] } },
): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_sort = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    const query = build(tx).toSQL();
    const explained = await tx.execute(sql.raw(`explain ${inlineParams(query.sql, query.params)}`));
    return rowsOf<{ 'QUERY PLAN': string }>(explained)
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  });
}

/**
 * Reads a list page after page by cursor, calling `between` after each page (new rows arriving
 * while someone reads), until a page says there is no next one. Returns every item seen, in order.
 */
export async function walkByCursor<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
  between: () => Promise<unknown>,
  maxPages = 30,
): Promise<T[]> {
  const seen: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < maxPages; i += 1) {
    const { items, nextCursor } = await page(cursor);
    seen.push(...items);
    await between();
    if (nextCursor === null) return seen;
    cursor = nextCursor;
  }
  throw new Error(`the list did not end within ${maxPages} pages`);
}

/** A time `i` microseconds after a fixed instant: rows a microsecond apart, as PostgreSQL keeps them. */
export function microsAfter(base: string, i: number) {
  return sql`${base}::timestamptz + make_interval(secs => ${i} / 1000000.0)`;
}

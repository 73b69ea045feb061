import { type SQL, sql } from 'drizzle-orm';

/** The rows of a raw `db.execute` result: PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A `text[]` literal of bound parameters, e.g. for `&&` against an array column. */
export function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Takes the advisory lock (scope, key) for the rest of the transaction: false when another
 * session holds it. Work every server runs but one at a time (backfills, retention rules) takes
 * its own scope (the 7_310_7xx numbers) keyed by version or rule; the lock ends with the
 * transaction, so a server that dies mid-batch holds nothing.
 */
export async function tryTransactionLock(
  tx: { execute(query: SQL): PromiseLike<unknown> },
  scope: number,
  key: number,
): Promise<boolean> {
  const rows = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`select pg_try_advisory_xact_lock(${sql.raw(String(scope))}, ${key}::int) as ok`),
  );
  return rows[0]?.ok === true;
}

const preparedByHandle = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement Drizzle builds once per database handle and name, then only executes: the queries
 * every request runs (who is calling, a list page) skip rebuilding their SQL (about half a
 * millisecond of server CPU for a material page) and PostgreSQL's parse. `name` must stand for
 * one SQL text: PostgreSQL keeps it per connection (63 characters at most), and node-postgres
 * refuses a second text under a known name. Plans are unaffected: the pool asks PostgreSQL for
 * a custom plan on every execution (client.ts), as an unprepared query gets.
 */
export function preparedOnce<T>(db: object, name: string, prepare: (name: string) => T): T {
  if (name.length > 63) throw new Error(`prepared statement name too long: ${name}`);
  let byName = preparedByHandle.get(db);
  if (!byName) {
    byName = new Map();
    preparedByHandle.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = prepare(name);
    byName.set(name, statement);
  }
  return statement;
}

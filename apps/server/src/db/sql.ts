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

/** The driver's session behind a database handle or transaction (Drizzle keeps it internal). */
interface SessionOf {
  session: { client: unknown; constructor: { name: string } };
}

const preparedByDriver = new Map<string, { client: unknown }>();

/**
 * preparedOnce for statements that also run inside transactions: the SQL is built once per
 * driver and name, and each call runs it on the connection of the handle it is given (the
 * transaction's, or the pool's). Money paths run their fixed-shape statements under row locks
 * in a transaction, where preparedOnce would rebuild them for every new transaction handle.
 * The same rules for `name` hold: one SQL text per name.
 */
export function preparedIn<T extends object>(db: object, name: string, prepare: (name: string) => T): T {
  if (name.length > 63) throw new Error(`prepared statement name too long: ${name}`);
  const { session } = db as SessionOf;
  const key = `${session.constructor.name}:${name}`;
  let template = preparedByDriver.get(key);
  if (template === undefined) {
    template = prepare(name) as unknown as { client: unknown };
    preparedByDriver.set(key, template);
  }
  if (template.client === session.client) return template as unknown as T;
  // The built statement with this handle's connection: the text, parameters and result
  // mapping are shared, only the client it is sent on differs.
  return Object.assign(Object.create(template) as object, { client: session.client }) as T;
}

/** A prepared raw statement: `execute` answers the driver's result (read it with rowsOf). */
export interface PreparedSql {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * preparedIn for a statement Drizzle's builders cannot say (e.g. a data-modifying CTE), written
 * with `sql` and `sql.placeholder`: built once per driver and name, run on `db`'s connection.
 */
export function preparedSqlIn(db: object, name: string, build: () => SQL): PreparedSql {
  return preparedIn(db, name, (n) => {
    const { session, dialect } = db as {
      session: { prepareQuery(query: unknown, fields: undefined, name: string, arrayMode: boolean): PreparedSql };
      dialect: { sqlToQuery(query: SQL): unknown };
    };
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, n, false);
  });
}

/**
 * Lets PostgreSQL keep a generic plan, for the rest of this transaction, of the prepared
 * statements it runs (the connection's default is a custom plan for every execution, see
 * client.ts). For transactions whose statements are all key look-ups and short index probes,
 * where a generic plan is the custom one and planning them again each time is most of what
 * PostgreSQL spends (about a quarter of its CPU per place + pay in bench:checkout). Nothing else is affected: the
 * setting ends with the transaction, and a statement run elsewhere is planned as before.
 */
export async function preferGenericPlans(tx: object): Promise<void> {
  await preparedSqlIn(tx, 'tx_generic_plans', () => sql`SELECT set_config('plan_cache_mode', 'auto', true)`).execute(
    {},
  );
}

/**
 * preferGenericPlans as a column of the transaction's first statement (a row lock, say), which
 * is then planned as before and every later statement of the transaction may keep a generic
 * plan: the same effect without a round trip of its own. The column is evaluated once per row,
 * so the statement must answer a row (a lock that finds none ends the transaction anyway).
 */
export const GENERIC_PLANS_FROM_HERE = sql<string>`set_config('plan_cache_mode', 'auto', true)`;

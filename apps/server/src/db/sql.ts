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

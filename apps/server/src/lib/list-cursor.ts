import { ErrorCode, LIST_COUNT_CAP } from '@gemstock/contract';
import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rowsOf } from '../db/sql.js';
import { AppError } from './app-error.js';

/**
 * Keyset paging of a list ordered by (a time, sid), newest first unless said otherwise: the
 * cursor is the exact position of the last row shown (its time to the microsecond, as PostgreSQL
 * keeps it, and its sid), so the next page starts right after it whatever was added or removed
 * before it meanwhile.
 */
export interface ListPosition {
  /** created_at as UTC text with microseconds, e.g. 2026-11-28T03:25:01.123456Z. */
  at: string;
  sid: string;
}

const BAD_CURSOR = '分页位置不正确，请从第一页重新查看';
const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.sid])).toString('base64url');
}

/** The position a cursor names; a cursor this server did not make is refused (1001, nothing read). */
export function decodeCursor(cursor: string): ListPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      AT_PATTERN.test(value[0]) &&
      typeof value[1] === 'string' &&
      value[1].length > 0 &&
      value[1].length <= 64
    ) {
      return { at: value[0], sid: value[1] };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError(ErrorCode.VALIDATION, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
}

/** The row's position, selected beside it: created_at to the microsecond, in UTC. */
export function positionAt(createdAt: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Newest first (the buyers' lists) or oldest / most urgent first (sub-accounts, the invoice queue). */
export type ListDirection = 'desc' | 'asc';

/** Rows after `position` in (time, sid) order: one row comparison an index serves. */
export function afterPosition(
  createdAt: AnyColumn,
  sid: AnyColumn,
  position: ListPosition,
  direction: ListDirection = 'desc',
): SQL {
  return direction === 'desc'
    ? sql`(${createdAt}, ${sid}) < (${position.at}::timestamptz, ${position.sid})`
    : sql`(${createdAt}, ${sid}) > (${position.at}::timestamptz, ${position.sid})`;
}

/**
 * ORDER BY (time, sid) written as the list's index is built: drizzle builds `.desc()` index
 * columns DESC NULLS LAST, while PostgreSQL reads a bare DESC as NULLS FIRST, which that index
 * does not serve, so every row of the list would be sorted for each page.
 */
export function positionOrder(createdAt: AnyColumn, sid: AnyColumn, direction: ListDirection = 'desc'): SQL {
  return direction === 'desc'
    ? sql`${createdAt} desc nulls last, ${sid} desc nulls last`
    : sql`${createdAt} asc, ${sid} asc`;
}

/** Where a page starts: after a cursor's position (keyset) when given, else at an offset. */
export interface ListPage {
  offset: number;
  limit: number;
  after?: ListPosition | undefined;
}

/**
 * The page a query asks for: one row more than `page_size` (it tells whether there is a next
 * page), after the cursor when there is one, else from `page`.
 */
export function listPageOf(query: { page: number; page_size: number; cursor?: string | undefined }): ListPage {
  return {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size + 1,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
  };
}

/** The rows of a page read with listPageOf, and the cursor of the page after it (null on the last). */
export function pageWithCursor<T>(
  found: readonly T[],
  pageSize: number,
  positionOf: (row: T) => ListPosition,
): { rows: T[]; nextCursor: string | null } {
  const rows = found.slice(0, pageSize);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > pageSize && last ? encodeCursor(positionOf(last)) : null };
}

/** A list's count reads at most this many rows (a LIMIT subquery) … */
export const COUNT_LIMIT = LIST_COUNT_CAP + 1;

/**
 * How many rows `rows` (a select with its filter and no LIMIT) has, reading no more than `limit`
 * of them: a list that only grows costs the same to count at 40,000 rows as at 1,000.
 */
export async function countUpTo(db: DbOrTx, rows: SQLWrapper, limit: number = COUNT_LIMIT): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (${rows} limit ${limit}) as capped`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** … and reports more than `cap` (LIST_COUNT_CAP; the console's lists ADMIN_COUNT_CAP) as the cap, flagged. */
export function cappedTotal(counted: number, cap: number = LIST_COUNT_CAP): { total: number; totalCapped: boolean } {
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false };
}

import { ErrorCode, LIST_COUNT_CAP } from '@gemstock/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from './app-error.js';

/**
 * Keyset paging of a list ordered newest first by (created_at DESC, sid DESC): the cursor is the
 * exact position of the last row shown (its creation time to the microsecond, as PostgreSQL keeps
 * it, and its sid), so the next page starts right after it whatever was added or removed before
 * it meanwhile.
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

/** Rows after `position` in (created_at DESC, sid DESC) order: one row comparison an index serves. */
export function afterPosition(createdAt: AnyColumn, sid: AnyColumn, position: ListPosition): SQL {
  return sql`(${createdAt}, ${sid}) < (${position.at}::timestamptz, ${position.sid})`;
}

/** A list's count reads at most this many rows (a LIMIT subquery) … */
export const COUNT_LIMIT = LIST_COUNT_CAP + 1;

/** … and reports more than LIST_COUNT_CAP as the cap, flagged. */
export function cappedTotal(counted: number): { total: number; totalCapped: boolean } {
  return counted > LIST_COUNT_CAP
    ? { total: LIST_COUNT_CAP, totalCapped: true }
    : { total: counted, totalCapped: false };
}

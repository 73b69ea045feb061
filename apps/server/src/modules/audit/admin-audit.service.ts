import { CHINA_OFFSET_MS, ErrorCode, type TAuditListResponse, type ZAuditQuery } from '@gemstock/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, encodeCursor } from '../../lib/list-cursor.js';
import { auditRefsOf, searchAuditLogs } from './audit-log.repository.js';

const DAY_MS = 86_400_000;

/** The instant a China-time calendar day (YYYY-MM-DD) begins. */
function chinaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS);
}

const BAD_CURSOR = '分页位置不正确，请从第一页重新查看';

/** An audit cursor is a list cursor whose tie-breaker is the entry's id. */
function positionOf(cursor: string): { at: string; id: number } {
  const position = decodeCursor(cursor);
  if (!/^\d{1,18}$/.test(position.sid)) {
    throw new AppError(ErrorCode.VALIDATION, BAD_CURSOR, [{ path: 'cursor', message: BAD_CURSOR }]);
  }
  return { at: position.at, id: Number(position.sid) };
}

/**
 * The audit, newest first, a page at a time by cursor down to the oldest entry kept (archive
 * included): by the id people use for an object (order number, material 编号, coupon code,
 * invoice 编号), by operator, action and entity, and by China-time days (both ends included).
 */
export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  query: z.output<typeof ZAuditQuery>,
): Promise<TAuditListResponse> {
  const refs = query.q ? await auditRefsOf(deps.db, query.q) : undefined;
  const rows = await searchAuditLogs(
    deps.db,
    {
      refs,
      ref: query.sid,
      operatorSid: query.operator,
      action: query.action,
      entity: query.entity,
      since: query.from ? chinaDayStart(query.from) : undefined,
      until: query.to ? new Date(chinaDayStart(query.to).getTime() + DAY_MS) : undefined,
      before: query.cursor ? positionOf(query.cursor) : undefined,
    },
    query.page_size + 1,
  );
  const page = rows.slice(0, query.page_size);
  const last = page[page.length - 1];
  return {
    entries: page.map(({ at: _at, createdAt, ...entry }) => ({ ...entry, createdAt: createdAt.toISOString() })),
    nextCursor: rows.length > query.page_size && last ? encodeCursor({ at: last.at, sid: String(last.id) }) : null,
  };
}

import { DEMAND_STATUSES_ON_OPERATORS, type DemandStatus } from '@gemstock/contract';
import { and, asc, eq, getTableColumns, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { demands, designComments, designFiles, operators, orders, users } from '../../db/schema/index.js';
import { afterPosition, type ListPage, positionAt, positionOrder } from '../../lib/list-cursor.js';

export type DemandRow = typeof demands.$inferSelect;
export type NewDemandRow = typeof demands.$inferInsert;
export type DesignFileRow = typeof designFiles.$inferSelect;
export type DesignCommentRow = typeof designComments.$inferSelect;

export async function insertDemandRow(tx: DbOrTx, row: NewDemandRow): Promise<DemandRow> {
  const [created] = await tx.insert(demands).values(row).returning();
  return created!;
}

export async function findDemand(db: DbOrTx, sid: string): Promise<DemandRow | undefined> {
  const [row] = await db.select().from(demands).where(eq(demands.sid, sid)).limit(1);
  return row;
}

export async function lockDemand(tx: DbOrTx, sid: string): Promise<DemandRow | undefined> {
  const [row] = await tx.select().from(demands).where(eq(demands.sid, sid)).limit(1).for('update');
  return row;
}

export async function findDemandOfOrder(db: DbOrTx, orderSid: string): Promise<DemandRow | undefined> {
  const [row] = await db.select().from(demands).where(eq(demands.orderSid, orderSid)).limit(1);
  return row;
}

export async function listDemandsBySids(db: DbOrTx, sids: readonly string[]): Promise<DemandRow[]> {
  if (sids.length === 0) return [];
  return db
    .select()
    .from(demands)
    .where(inArray(demands.sid, [...sids]));
}

/** What a status change writes with it. */
export type DemandChange = Partial<
  Pick<
    NewDemandRow,
    | 'designerSid'
    | 'revisionsUsed'
    | 'stageDeadline'
    | 'feedbackAt'
    | 'feedbackAnsweredAt'
    | 'paidAt'
    | 'deliveredAt'
    | 'cancelReason'
    | 'quotePriceCents'
    | 'quoteLeadDays'
    | 'orderSid'
    | 'resultKey'
  >
>;

/** `from` → `to` with `change`, guarded by `from`; undefined when the row was no longer in `from`. */
export async function updateDemandStatus(
  tx: DbOrTx,
  sid: string,
  from: DemandStatus,
  to: DemandStatus,
  change: DemandChange,
): Promise<DemandRow | undefined> {
  const [row] = await tx
    .update(demands)
    .set({ ...change, status: to, updatedAt: sql`now()` })
    .where(and(eq(demands.sid, sid), eq(demands.status, from)))
    .returning();
  return row;
}

/** A change that keeps the status (a designer handed over, feedback answered), guarded by it. */
export async function updateDemandInStatus(
  tx: DbOrTx,
  sid: string,
  status: DemandStatus,
  change: DemandChange,
): Promise<DemandRow | undefined> {
  const [row] = await tx
    .update(demands)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(demands.sid, sid), eq(demands.status, status)))
    .returning();
  return row;
}

export type DemandListRow = DemandRow & { position: string };

/**
 * One page of a company's (or one account's) demands, newest first (sid breaking ties), each with
 * its position for the next page's cursor: after `after` when given (keyset), else from `offset`.
 * Read in the order of demands_owner_idx / demands_user_idx.
 */
export function listDemandsOfQuery(db: DbOrTx, filter: { ownerSid: string } | { userSid: string }, page: ListPage) {
  const where = 'ownerSid' in filter ? eq(demands.ownerSid, filter.ownerSid) : eq(demands.userSid, filter.userSid);
  return db
    .select({ ...getTableColumns(demands), position: positionAt(demands.createdAt) })
    .from(demands)
    .where(and(where, page.after ? afterPosition(demands.createdAt, demands.sid, page.after) : undefined))
    .orderBy(positionOrder(demands.createdAt, demands.sid))
    .offset(page.after ? 0 : page.offset)
    .limit(page.limit);
}

export async function listDemandsOf(
  db: DbOrTx,
  filter: { ownerSid: string } | { userSid: string },
  page: ListPage,
): Promise<DemandListRow[]> {
  return listDemandsOfQuery(db, filter, page);
}

export interface BoardRow {
  demand: DemandRow;
  company: string | null;
  requestedBy: string;
  orderNo: string | null;
  designerName: string | null;
}

/** A demand with who asked, its order number and its designer's name. */
function selectBoardRows(db: DbOrTx) {
  return db
    .select({
      demand: demands,
      company: users.company,
      username: users.username,
      email: users.email,
      mobile: users.mobile,
      orderNo: orders.orderNo,
      designerName: sql<string | null>`coalesce(${operators.name}, ${operators.username})`,
    })
    .from(demands)
    .innerJoin(users, eq(users.sid, demands.userSid))
    .leftJoin(orders, eq(orders.sid, demands.orderSid))
    .leftJoin(operators, eq(operators.sid, demands.designerSid))
    .$dynamic();
}

function toBoardRow(r: Awaited<ReturnType<typeof selectBoardRows>>[number]): BoardRow {
  return {
    demand: r.demand,
    company: r.company,
    requestedBy: r.username ?? r.email ?? r.mobile ?? r.demand.userSid,
    orderNo: r.orderNo,
    designerName: r.designerName,
  };
}

/**
 * The operators' board: by the deadline of the current stage (the most urgent first; work with
 * no deadline, waiting for the buyer, last), one row more than asked. With a status the
 * (status, stage_deadline) index serves it; overdue-only uses (stage_deadline).
 */
export async function listBoard(
  db: DbOrTx,
  filter: { status: DemandStatus | null; overdueAt: Date | null; waiting: boolean },
  page: { offset: number; limit: number },
): Promise<BoardRow[]> {
  const conditions = [
    filter.status ? eq(demands.status, filter.status) : undefined,
    filter.waiting ? inArray(demands.status, [...DEMAND_STATUSES_ON_OPERATORS]) : undefined,
    filter.overdueAt ? and(isNotNull(demands.stageDeadline), lt(demands.stageDeadline, filter.overdueAt)) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await selectBoardRows(db)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(sql`${demands.stageDeadline} asc nulls last`, asc(demands.sid))
    .offset(page.offset)
    .limit(page.limit + 1);
  return rows.map(toBoardRow);
}

export async function findBoardRow(db: DbOrTx, sid: string): Promise<BoardRow | undefined> {
  const [row] = await selectBoardRows(db).where(eq(demands.sid, sid)).limit(1);
  return row ? toBoardRow(row) : undefined;
}

export async function designerNamesOf(db: DbOrTx, sids: readonly string[]): Promise<Map<string, string>> {
  if (sids.length === 0) return new Map();
  const rows = await db
    .select({ sid: operators.sid, name: operators.name, username: operators.username })
    .from(operators)
    .where(inArray(operators.sid, [...sids]));
  return new Map(rows.map((r) => [r.sid, r.name ?? r.username]));
}

export async function listDesigners(db: DbOrTx): Promise<{ sid: string; name: string }[]> {
  const rows = await db
    .select({ sid: operators.sid, name: operators.name, username: operators.username })
    .from(operators)
    .where(eq(operators.enabled, true))
    .orderBy(asc(operators.username))
    .limit(200);
  return rows.map((r) => ({ sid: r.sid, name: r.name ?? r.username }));
}

export async function findEnabledOperator(db: DbOrTx, sid: string): Promise<{ sid: string } | undefined> {
  const [row] = await db
    .select({ sid: operators.sid })
    .from(operators)
    .where(and(eq(operators.sid, sid), eq(operators.enabled, true)))
    .limit(1);
  return row;
}

export async function listDesignFiles(db: DbOrTx, demandSid: string): Promise<DesignFileRow[]> {
  return db
    .select()
    .from(designFiles)
    .where(eq(designFiles.demandSid, demandSid))
    .orderBy(asc(designFiles.createdAt), asc(designFiles.version));
}

export async function insertDesignFile(tx: DbOrTx, row: typeof designFiles.$inferInsert): Promise<DesignFileRow> {
  const [created] = await tx.insert(designFiles).values(row).returning();
  return created!;
}

export async function listDesignComments(db: DbOrTx, demandSid: string): Promise<DesignCommentRow[]> {
  return db
    .select()
    .from(designComments)
    .where(eq(designComments.demandSid, demandSid))
    .orderBy(asc(designComments.createdAt), asc(designComments.sid));
}

export async function countBuyerComments(tx: DbOrTx, fileSid: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(designComments)
    .where(and(eq(designComments.fileSid, fileSid), eq(designComments.authorKind, 'buyer')));
  return row?.n ?? 0;
}

export async function insertDesignComment(
  tx: DbOrTx,
  row: typeof designComments.$inferInsert,
): Promise<DesignCommentRow> {
  const [created] = await tx.insert(designComments).values(row).returning();
  return created!;
}

/** Names of the accounts and operators who wrote comments. */
export async function authorNamesOf(db: DbOrTx, comments: readonly DesignCommentRow[]): Promise<Map<string, string>> {
  const buyerSids = [...new Set(comments.filter((c) => c.authorKind === 'buyer').map((c) => c.authorSid))];
  const operatorSids = [...new Set(comments.filter((c) => c.authorKind === 'operator').map((c) => c.authorSid))];
  const names = new Map<string, string>();
  if (buyerSids.length > 0) {
    const rows = await db
      .select({ sid: users.sid, username: users.username, company: users.company, mobile: users.mobile })
      .from(users)
      .where(inArray(users.sid, buyerSids));
    for (const r of rows) names.set(r.sid, r.username ?? r.company ?? r.mobile ?? '买家');
  }
  for (const [sid, name] of await designerNamesOf(db, operatorSids)) names.set(sid, name);
  return names;
}

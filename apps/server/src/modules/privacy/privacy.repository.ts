import {
  DEMAND_STATUS_VALUES,
  DemandStateMachine,
  INVOICE_STATUS_VALUES,
  InvoiceStateMachine,
  ORDER_STATUSES,
  OrderStateMachine,
  type PrivacyRequestKind,
  PrivacyRequestStatus,
  REFUND_STATUSES,
  RefundStateMachine,
} from '@gemstock/contract';
import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { UserRow } from '../../db/rows.js';
import {
  boardComments,
  boards,
  cartItems,
  demands,
  invoices,
  orders,
  privacyRequests,
  refunds,
  searchLogs,
  signInGuards,
  users,
  verificationCodes,
  materialLikes,
  walletLots,
} from '../../db/schema/index.js';
import { type ListPage, afterPosition, countUpTo, positionAt, positionOrder } from '../../lib/list-cursor.js';
import { ERASED_PASSWORD_HASH } from '../user/index.js';

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

/** The states in which each kind of business is unfinished, asked of its machine. */
const UNPAID_ORDER = ORDER_STATUSES.filter((s) => OrderStateMachine.may('pay', s));
const OPEN_DEMAND = DEMAND_STATUS_VALUES.filter(
  (s) => DemandStateMachine.may('cancel', s) || DemandStateMachine.may('cancelWithOrder', s),
);
const WAITING_INVOICE = INVOICE_STATUS_VALUES.filter((s) => InvoiceStateMachine.may('issue', s));
const UNFINISHED_REFUND = REFUND_STATUSES.filter(
  (s) => RefundStateMachine.may('succeed', s) || RefundStateMachine.may('payOutByBank', s),
);

/** Inserts a request; undefined when the account already has a waiting one of that kind (the partial unique index). */
export async function insertPrivacyRequest(
  db: DbOrTx,
  row: typeof privacyRequests.$inferInsert,
): Promise<PrivacyRequestRow | undefined> {
  const [inserted] = await db
    .insert(privacyRequests)
    .values(row)
    .onConflictDoNothing({
      target: [privacyRequests.userSid, privacyRequests.kind],
      where: sql`${privacyRequests.status} = 'PENDING'`,
    })
    .returning();
  return inserted;
}

export async function findPrivacyRequest(db: DbOrTx, sid: string): Promise<PrivacyRequestRow | undefined> {
  const [row] = await db.select().from(privacyRequests).where(eq(privacyRequests.sid, sid));
  return row;
}

/** The account's requests, newest first (privacy_requests_user_idx); an account has a handful. */
export async function listRequestsOfUser(db: DbOrTx, userSid: string, limit: number): Promise<PrivacyRequestRow[]> {
  return db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.userSid, userSid))
    .orderBy(sql`${privacyRequests.createdAt} desc nulls last, ${privacyRequests.sid} desc nulls last`)
    .limit(limit);
}

export async function hasOpenRequest(db: DbOrTx, userSid: string, kind: PrivacyRequestKind): Promise<boolean> {
  const [row] = await db
    .select({ sid: privacyRequests.sid })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.userSid, userSid),
        eq(privacyRequests.kind, kind),
        eq(privacyRequests.status, PrivacyRequestStatus.PENDING),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Whether the account was deleted: its deletion request was carried out (privacy_requests_erased_key). */
export async function isAccountErased(db: DbOrTx, userSid: string): Promise<boolean> {
  const [row] = await db
    .select({ sid: privacyRequests.sid })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.userSid, userSid),
        sql`${privacyRequests.kind} = 'DELETION' and ${privacyRequests.status} = 'DONE'`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export interface QueueFilter {
  status?: string | undefined;
  kind?: string | undefined;
}

function queueWhere(filter: QueueFilter) {
  return and(
    filter.status ? eq(privacyRequests.status, filter.status) : undefined,
    filter.kind ? eq(privacyRequests.kind, filter.kind) : undefined,
  );
}

const QUEUE_COLUMNS = {
  request: privacyRequests,
  account: sql<
    string | null
  >`(select coalesce(u.username, u.email, u.mobile) from users u where u.sid = ${privacyRequests.userSid})`,
  company: sql<string | null>`(select u.company from users u where u.sid = ${privacyRequests.ownerSid})`,
  mainAccount: sql<boolean>`${privacyRequests.userSid} = ${privacyRequests.ownerSid}`,
};

/** The queue by due time, most urgent first, read in the order of a privacy_requests_*due_idx index. */
export async function listQueue(db: DbOrTx, filter: QueueFilter, page: ListPage) {
  return db
    .select({ ...QUEUE_COLUMNS, position: positionAt(privacyRequests.dueAt) })
    .from(privacyRequests)
    .where(
      and(
        queueWhere(filter),
        page.after ? afterPosition(privacyRequests.dueAt, privacyRequests.sid, page.after, 'asc') : undefined,
      ),
    )
    .orderBy(positionOrder(privacyRequests.dueAt, privacyRequests.sid, 'asc'))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
}

export async function countQueue(db: DbOrTx, filter: QueueFilter, cap: number): Promise<number> {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(privacyRequests)
      .where(queueWhere(filter)),
    cap + 1,
  );
}

export async function findQueueRow(db: DbOrTx, sid: string) {
  const [row] = await db.select(QUEUE_COLUMNS).from(privacyRequests).where(eq(privacyRequests.sid, sid));
  return row;
}

/** Moves a request out of PENDING, guarded by the state the caller read; undefined on a lost race. */
export async function finishPrivacyRequest(
  tx: DbOrTx,
  sid: string,
  from: string,
  set: Partial<typeof privacyRequests.$inferInsert> & { status: string },
): Promise<PrivacyRequestRow | undefined> {
  const [row] = await tx
    .update(privacyRequests)
    .set({ ...set, updatedAt: set.resolvedAt ?? new Date() })
    .where(and(eq(privacyRequests.sid, sid), eq(privacyRequests.status, from)))
    .returning();
  return row;
}

/** Serialises the deletion of one account with anything else that locks it. */
export async function lockUser(tx: DbOrTx, sid: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.sid, sid)).for('update');
  return row;
}

export async function findUser(db: DbOrTx, sid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.sid, sid));
  return row;
}

/** A main account's sub-accounts (oldest first). */
export async function subAccountsOf(db: DbOrTx, parentSid: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.parentSid, parentSid)).orderBy(users.createdAt, users.sid);
}

/**
 * What is unfinished for a deletion: for a main account the whole company's business, for a
 * sub-account what it placed itself. Counted, each no further than a few rows.
 */
export async function unfinishedBusiness(db: DbOrTx, user: UserRow, now: Date) {
  const main = user.parentSid === null;
  const orderOf = main ? eq(orders.ownerSid, user.sid) : eq(orders.userSid, user.sid);
  const demandOf = main ? eq(demands.ownerSid, user.sid) : eq(demands.userSid, user.sid);
  const invoiceOf = main ? eq(invoices.ownerSid, user.sid) : eq(invoices.requestedBySid, user.sid);
  const [unpaidOrders, openDemands, waitingInvoices, unfinishedRefunds, balance] = await Promise.all([
    countUpTo(
      db,
      db
        .select({ one: sql`1` })
        .from(orders)
        .where(and(orderOf, inArray(orders.status, UNPAID_ORDER))),
      100,
    ),
    countUpTo(
      db,
      db
        .select({ one: sql`1` })
        .from(demands)
        .where(and(demandOf, inArray(demands.status, OPEN_DEMAND))),
      100,
    ),
    countUpTo(
      db,
      db
        .select({ one: sql`1` })
        .from(invoices)
        .where(and(invoiceOf, inArray(invoices.status, WAITING_INVOICE))),
      100,
    ),
    countUpTo(
      db,
      db
        .select({ one: sql`1` })
        .from(refunds)
        .innerJoin(orders, eq(orders.sid, refunds.orderSid))
        .where(and(orderOf, inArray(refunds.status, UNFINISHED_REFUND))),
      100,
    ),
    main
      ? db
          .select({ cents: sql<string | null>`sum(${walletLots.remainingCents})` })
          .from(walletLots)
          .where(
            and(eq(walletLots.userSid, user.sid), gt(walletLots.validBefore, now), gt(walletLots.remainingCents, 0)),
          )
      : Promise.resolve([{ cents: null }]),
  ]);
  return {
    unpaidOrders,
    openDemands,
    waitingInvoices,
    unfinishedRefunds,
    balanceCents: Number(balance[0]?.cents ?? 0),
  };
}

/** The personal data of a deleted account, as stored from then on (decision 0043). */
export const ERASED_NAME = '已注销用户';

/**
 * Anonymises accounts: name, e-mail, mobile, username and the company address cleared, the
 * password made unusable, the account disabled and its sessions ended (token version bumped).
 * The company's name and taxpayer number stay: they are the business's, printed on its invoices.
 */
export async function anonymiseUsers(tx: DbOrTx, sids: readonly string[], at: Date): Promise<void> {
  if (sids.length === 0) return;
  await tx
    .update(users)
    .set({
      email: null,
      mobile: null,
      username: null,
      name: ERASED_NAME,
      companyAddress: null,
      passwordHash: ERASED_PASSWORD_HASH,
      enabled: false,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      source: null,
      referrer: null,
      pendingCouponSid: null,
      updatedAt: at,
    })
    .where(inArray(users.sid, sids));
}

/**
 * What the deleted accounts leave that is only theirs: likes, the cart, their board comments, their
 * search words, codes and sign-in guards; and a deleted main account's boards, since the company
 * ends with it (their materials, comments and share links go with them, so no link keeps showing them).
 */
export async function removePersonalTraces(
  tx: DbOrTx,
  accounts: readonly Pick<UserRow, 'sid' | 'email' | 'mobile'>[],
): Promise<void> {
  if (accounts.length === 0) return;
  const sids = accounts.map((a) => a.sid);
  const addresses = accounts.flatMap((a) => [a.email, a.mobile]).filter((v): v is string => Boolean(v));
  await tx.delete(materialLikes).where(inArray(materialLikes.userSid, sids));
  await tx.delete(cartItems).where(inArray(cartItems.userSid, sids));
  await tx.delete(boardComments).where(inArray(boardComments.authorSid, sids));
  await tx.delete(boards).where(inArray(boards.ownerSid, sids));
  await tx.update(searchLogs).set({ userSid: null, searcherKey: null }).where(inArray(searchLogs.userSid, sids));
  if (addresses.length > 0) await tx.delete(verificationCodes).where(inArray(verificationCodes.target, addresses));
  await tx.delete(signInGuards).where(
    inArray(
      signInGuards.accountKey,
      sids.map((sid) => `user:${sid}`),
    ),
  );
}

/** Produced copies whose download period is over, oldest first (privacy_requests_archive_expires_idx). */
export async function expiredArchives(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ sid: privacyRequests.sid, archiveKey: privacyRequests.archiveKey })
    .from(privacyRequests)
    .where(and(isNotNull(privacyRequests.archiveKey), lte(privacyRequests.archiveExpiresAt, now)))
    .orderBy(privacyRequests.archiveExpiresAt)
    .limit(limit);
}

export async function forgetArchive(db: DbOrTx, sid: string): Promise<void> {
  await db.update(privacyRequests).set({ archiveKey: null }).where(eq(privacyRequests.sid, sid));
}

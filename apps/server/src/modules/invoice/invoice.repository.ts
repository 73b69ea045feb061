import type { InvoiceStatus } from '@gemstock/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { preparedOnce } from '../../db/sql.js';
import { invoiceOrders, invoices, orders, users } from '../../db/schema/index.js';
import { afterPosition, countUpTo, type ListPage, positionAt, positionOrder } from '../../lib/list-cursor.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

/** What the invoice rules need to know of an order. */
export interface InvoiceableOrder {
  sid: string;
  orderNo: string;
  orderType: string;
  status: string;
  payWay: string | null;
  ownerSid: string;
  priceCents: number;
  paidAmountCents: number | null;
}

const INVOICEABLE_ORDER_COLUMNS = {
  sid: orders.sid,
  orderNo: orders.orderNo,
  orderType: orders.orderType,
  status: orders.status,
  payWay: orders.payWay,
  ownerSid: orders.ownerSid,
  priceCents: orders.priceCents,
  paidAmountCents: orders.paidAmountCents,
};

export async function selectInvoiceableOrders(db: DbOrTx, sids: readonly string[]): Promise<InvoiceableOrder[]> {
  if (sids.length === 0) return [];
  return db
    .select(INVOICEABLE_ORDER_COLUMNS)
    .from(orders)
    .where(inArray(orders.sid, [...sids]));
}

/**
 * The orders, locked until the transaction ends (in sid order, so two requests naming the same
 * orders cannot deadlock): of two requests for one order, the second waits and then sees the
 * first's `invoice_orders` row.
 */
export async function lockInvoiceableOrders(tx: DbOrTx, sids: readonly string[]): Promise<InvoiceableOrder[]> {
  if (sids.length === 0) return [];
  return tx
    .select(INVOICEABLE_ORDER_COLUMNS)
    .from(orders)
    .where(inArray(orders.sid, [...sids]))
    .orderBy(asc(orders.sid))
    .for('update');
}

/** Of these orders, those already on a waiting or issued invoice. */
export async function findActivelyInvoicedOrders(tx: DbOrTx, orderSids: readonly string[]): Promise<string[]> {
  if (orderSids.length === 0) return [];
  const rows = await tx
    .select({ orderSid: invoiceOrders.orderSid })
    .from(invoiceOrders)
    .where(and(inArray(invoiceOrders.orderSid, [...orderSids]), eq(invoiceOrders.active, true)));
  return rows.map((r) => r.orderSid);
}

export async function insertInvoice(
  tx: DbOrTx,
  row: NewInvoiceRow,
  lines: readonly { orderSid: string; amountCents: number }[],
): Promise<InvoiceRow> {
  const [invoice] = await tx.insert(invoices).values(row).returning();
  await tx.insert(invoiceOrders).values(lines.map((line) => ({ invoiceSid: invoice!.sid, ...line })));
  return invoice!;
}

export async function findInvoiceBySid(db: DbOrTx, sid: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.sid, sid));
  return row;
}

/**
 * The newest invoice of each order: the active one when there is one, else the last rejected
 * one (so the buyer sees why, and that it may ask again).
 */
export async function findLatestInvoicesOfOrders(
  db: DbOrTx,
  orderSids: readonly string[],
): Promise<Map<string, InvoiceRow>> {
  const latest = new Map<string, InvoiceRow>();
  if (orderSids.length === 0) return latest;
  // Every page of paid orders asks for their invoices: prepared once.
  const statement = preparedOnce(db, 'invoices_of_orders', (name) =>
    db
      .select({ orderSid: invoiceOrders.orderSid, active: invoiceOrders.active, invoice: invoices })
      .from(invoiceOrders)
      .innerJoin(invoices, eq(invoices.sid, invoiceOrders.invoiceSid))
      .where(sql`${invoiceOrders.orderSid} = ANY(${sql.placeholder('sids')}::text[])`)
      .orderBy(sql`${invoiceOrders.active} desc`, sql`${invoices.createdAt} desc`)
      .prepare(name),
  );
  const rows = await statement.execute({ sids: [...orderSids] });
  for (const row of rows) if (!latest.has(row.orderSid)) latest.set(row.orderSid, row.invoice);
  return latest;
}

/** Order numbers of each invoice, in order-number order. */
export async function listOrderNosOfInvoices(
  db: DbOrTx,
  invoiceSids: readonly string[],
): Promise<Map<string, string[]>> {
  const byInvoice = new Map<string, string[]>();
  if (invoiceSids.length === 0) return byInvoice;
  const rows = await db
    .select({ invoiceSid: invoiceOrders.invoiceSid, orderNo: orders.orderNo })
    .from(invoiceOrders)
    .innerJoin(orders, eq(orders.sid, invoiceOrders.orderSid))
    .where(inArray(invoiceOrders.invoiceSid, [...invoiceSids]))
    .orderBy(asc(orders.orderNo));
  for (const row of rows) byInvoice.set(row.invoiceSid, [...(byInvoice.get(row.invoiceSid) ?? []), row.orderNo]);
  return byInvoice;
}

/**
 * Moves a waiting invoice to ISSUED or REJECTED, guarded by the status it must still have; a
 * rejection frees its orders for a new request. Undefined when another operator got there first.
 */
export async function finishInvoice(
  tx: DbOrTx,
  sid: string,
  from: InvoiceStatus,
  change:
    | { status: typeof InvoiceStatus.ISSUED; fileKey: string; operatorSid: string | null; at: Date }
    | { status: typeof InvoiceStatus.REJECTED; rejectReason: string; operatorSid: string; at: Date },
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set(
      'fileKey' in change
        ? {
            status: change.status,
            fileKey: change.fileKey,
            issuedAt: change.at,
            operatorSid: change.operatorSid,
            updatedAt: change.at,
          }
        : {
            status: change.status,
            rejectReason: change.rejectReason,
            operatorSid: change.operatorSid,
            updatedAt: change.at,
          },
    )
    .where(and(eq(invoices.sid, sid), eq(invoices.status, from)))
    .returning();
  if (row && 'rejectReason' in change) {
    await tx.update(invoiceOrders).set({ active: false }).where(eq(invoiceOrders.invoiceSid, sid));
  }
  return row;
}

/**
 * Voids or reverses an issued invoice, guarded by the status it must still have, and takes its
 * orders off it (they go onto the replacement, or are free for a new request). Undefined when
 * another operator got there first.
 */
export async function withdrawInvoice(
  tx: DbOrTx,
  sid: string,
  from: InvoiceStatus,
  change: { status: InvoiceStatus; reason: string; operatorSid: string; at: Date },
): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .update(invoices)
    .set({
      status: change.status,
      voidReason: change.reason,
      voidedAt: change.at,
      voidedBySid: change.operatorSid,
      updatedAt: change.at,
    })
    .where(and(eq(invoices.sid, sid), eq(invoices.status, from)))
    .returning();
  if (row) await tx.update(invoiceOrders).set({ active: false }).where(eq(invoiceOrders.invoiceSid, sid));
  return row;
}

/** The orders an invoice covered and the amount of each, whatever its status. */
export async function listInvoiceLines(
  db: DbOrTx,
  invoiceSid: string,
): Promise<{ orderSid: string; amountCents: number }[]> {
  return db
    .select({ orderSid: invoiceOrders.orderSid, amountCents: invoiceOrders.amountCents })
    .from(invoiceOrders)
    .where(eq(invoiceOrders.invoiceSid, invoiceSid))
    .orderBy(asc(invoiceOrders.orderSid));
}

/** The invoices these requests replace, by sid. */
export async function findInvoicesBySids(db: DbOrTx, sids: readonly string[]): Promise<Map<string, InvoiceRow>> {
  if (sids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.sid, [...sids]));
  return new Map(rows.map((r) => [r.sid, r]));
}

export interface AdminInvoiceRow {
  invoice: InvoiceRow;
  company: string | null;
  requestedBy: string | null;
  replacedBySid: string | null;
}

/** The owner (joined) names the company; the account that asked is looked up by its sid. */
const ADMIN_INVOICE_COLUMNS = {
  invoice: invoices,
  company: users.company,
  requestedBy: sql<
    string | null
  >`(select coalesce(u.username, u.email, u.mobile) from users u where u.sid = ${invoices.requestedBySid})`,
  // invoices_replaces_key: one replacement at most, found by index
  replacedBySid: sql<string | null>`(select r.sid from invoices r where r.replaces_sid = ${invoices.sid})`,
};

/**
 * The operator's queue, most urgent first (due date, then sid: invoices_due_idx, or
 * invoices_status_due_idx for one status, so a page costs the same however many invoices there
 * are), each with its position for the next page's cursor. The company is the owner's.
 */
export function listAdminInvoicesQuery(db: DbOrTx, filter: { status?: InvoiceStatus | undefined }, page: ListPage) {
  return db
    .select({ ...ADMIN_INVOICE_COLUMNS, position: positionAt(invoices.dueAt) })
    .from(invoices)
    .innerJoin(users, eq(users.sid, invoices.ownerSid))
    .where(
      and(
        filter.status ? eq(invoices.status, filter.status) : undefined,
        page.after ? afterPosition(invoices.dueAt, invoices.sid, page.after, 'asc') : undefined,
      ),
    )
    .orderBy(positionOrder(invoices.dueAt, invoices.sid, 'asc'))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
}

export async function listAdminInvoices(
  db: DbOrTx,
  filter: { status?: InvoiceStatus | undefined },
  page: ListPage,
): Promise<(AdminInvoiceRow & { position: string })[]> {
  return listAdminInvoicesQuery(db, filter, page);
}

/** How many invoices match, counted no further than `cap` + 1. */
export async function countAdminInvoices(
  db: DbOrTx,
  filter: { status?: InvoiceStatus | undefined },
  cap: number,
): Promise<number> {
  return countUpTo(
    db,
    db
      .select({ one: sql`1` })
      .from(invoices)
      .where(filter.status ? eq(invoices.status, filter.status) : undefined),
    cap + 1,
  );
}

export async function findAdminInvoice(db: DbOrTx, sid: string): Promise<AdminInvoiceRow | undefined> {
  const [row] = await db
    .select(ADMIN_INVOICE_COLUMNS)
    .from(invoices)
    .innerJoin(users, eq(users.sid, invoices.ownerSid))
    .where(eq(invoices.sid, sid));
  return row;
}

import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type Placeholder,
  sql,
} from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { toSnakeCase } from 'drizzle-orm/casing';
import { CHINA_OFFSET_MS, OrderStatus, type PaidGateway, PayWay } from '@gemstock/contract';
import type { DbOrTx } from '../../db/client.js';
import { newNumericCode } from '../../lib/ids.js';
import { GENERIC_PLANS_FROM_HERE, preparedIn, preparedSqlIn, rowsOf } from '../../db/sql.js';
import {
  afterPosition,
  COUNT_LIMIT,
  countUpTo,
  type ListPage,
  type ListPosition,
  positionAt,
  positionOrder,
} from '../../lib/list-cursor.js';
import {
  cartItems,
  couponRedemptions,
  materials,
  orderItems,
  orders,
  ownedLicenceSpecsSql,
  users,
} from '../../db/schema/index.js';

import type { OrderRow } from '../../db/rows.js';

export type { OrderRow };
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;

export async function findOrderBySid(db: DbOrTx, sid: string): Promise<OrderRow | undefined> {
  const [row] = await preparedIn(db, 'order_by_sid', (name) =>
    db
      .select()
      .from(orders)
      .where(eq(orders.sid, sql.placeholder('sid')))
      .limit(1)
      .prepare(name),
  ).execute({ sid });
  return row;
}

/** Reads the order and holds its row lock until the transaction ends: one money move per order at a time. */
export async function lockOrderBySid(tx: DbOrTx, sid: string): Promise<OrderRow | undefined> {
  const [row] = await preparedIn(tx, 'order_lock_by_sid', (name) =>
    tx
      .select()
      .from(orders)
      .where(eq(orders.sid, sql.placeholder('sid')))
      .limit(1)
      .for('update')
      .prepare(name),
  ).execute({ sid });
  return row;
}

/**
 * lockOrderBySid for a buyer paying from the wallet, as the payment's first statement: only an
 * order the buyer may see (their own, or as a main account their sub-accounts'; `mainSid` is the
 * caller's sid when it is a main account, else null), so nobody else's order is ever locked; it
 * also lets the rest of the transaction keep generic plans (GENERIC_PLANS_FROM_HERE).
 */
export async function lockVisibleOrderToPay(
  tx: DbOrTx,
  input: { sid: string; userSid: string; mainSid: string | null },
): Promise<OrderRow | undefined> {
  const [row] = await preparedIn(tx, 'order_lock_visible_to_pay', (name) =>
    tx
      .select({ ...getTableColumns(orders), genericPlans: GENERIC_PLANS_FROM_HERE })
      .from(orders)
      .where(
        and(
          eq(orders.sid, sql.placeholder('sid')),
          or(eq(orders.userSid, sql.placeholder('user')), eq(orders.ownerSid, sql.placeholder('main'))),
        ),
      )
      .limit(1)
      .for('update')
      .prepare(name),
  ).execute({ sid: input.sid, user: input.userSid, main: input.mainSid });
  if (!row) return undefined;
  const { genericPlans: _, ...order } = row;
  return order;
}

export async function listOrderItems(db: DbOrTx, orderSid: string): Promise<OrderItemRow[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderSid, orderSid)).orderBy(orderItems.materialSid);
}

export interface OrderPaidChange {
  payWay: PayWay;
  payTime: Date;
  settlementKey: string;
  paidGateway: PaidGateway;
  tradeNo: string | null;
  paidAmountCents: number;
  rewardCouponSid: string | null;
  /** Price fields fixed in the same statement (wallet payment). */
  price?: OrderPriceChange;
}

/**
 * `from` → PAYED, only if the order is still in `from`: the conditional UPDATE is the guard
 * that makes a second settlement of the same order a no-op even without the row lock. Called
 * only by the order's transition (order-transition.ts), which checked the edge.
 */
export async function markOrderPaid(
  tx: DbOrTx,
  sid: string,
  from: OrderStatus,
  change: OrderPaidChange,
): Promise<OrderRow | undefined> {
  const values = orderColumnValues({
    ...change.price,
    status: OrderStatus.PAYED,
    payWay: change.payWay,
    payTime: change.payTime,
    settlementKey: change.settlementKey,
    paidGateway: change.paidGateway,
    tradeNo: change.tradeNo,
    paidAmountCents: change.paidAmountCents,
    rewardCouponSid: change.rewardCouponSid,
  });
  // Prepared per set of columns written (a wallet payment stores its price too, a gateway's not).
  const [row] = await preparedIn(tx, shapeName('order_mark_paid', values), (name) =>
    tx
      .update(orders)
      .set({
        ...placeholdersOf(values),
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.sid, sql.placeholder('whereSid')), eq(orders.status, sql.placeholder('whereStatus'))))
      .returning()
      .prepare(name),
  ).execute({ ...values, whereSid: sid, whereStatus: from });
  return row;
}

/** The wallet price asked for approval, stored on the order so every reader shows the same amount. */
export type ApprovalPrice = Pick<
  OrderPriceChange,
  'priceOriginCents' | 'discountMemberCents' | 'discountCouponCents' | 'priceCents'
> & { discountCreditCents: number };

export interface OrderPriceChange {
  couponCode: string | null;
  referer: string | null;
  payWay: string | null;
  priceOriginCents: number;
  discountCreditCents?: number;
  discountMemberCents: number;
  discountCouponCents: number;
  priceCents: number;
}

/** Stores the price of a CREATED order as it will be charged (coupon, pay way, breakdown). */
export async function updateOrderPrice(
  tx: DbOrTx,
  sid: string,
  change: OrderPriceChange,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...change, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.sid, sid), eq(orders.status, OrderStatus.CREATED)))
    .returning();
  return row;
}

/**
 * Holds the buyer's row lock until the transaction ends, so two placements by one buyer run
 * one after the other (the second then finds the first's order to reuse). The placement's first
 * statement: it also lets the rest of the transaction keep generic plans (GENERIC_PLANS_FROM_HERE).
 */
export async function lockBuyerForPlacement(tx: DbOrTx, userSid: string): Promise<void> {
  await preparedIn(tx, 'buyer_lock_for_placement', (name) =>
    tx
      .select({ sid: users.sid, genericPlans: GENERIC_PLANS_FROM_HERE })
      .from(users)
      .where(eq(users.sid, sql.placeholder('sid')))
      .limit(1)
      .for('update')
      .prepare(name),
  ).execute({ sid: userSid });
}

/** Most open orders a buyer realistically has at once; only these are compared for reuse. */
const REUSE_CANDIDATES = 20;

/**
 * The buyer's newest open material order placed after `placedAfter` whose items are exactly
 * `lines` (material, licence type and unit price), if any.
 */
export async function findReusableMaterialOrder(
  tx: DbOrTx,
  input: {
    userSid: string;
    placedAfter: Date;
    lines: readonly { materialSid: string; spec: number; unitPriceCents: number }[];
  },
): Promise<OrderRow | undefined> {
  const candidates = await preparedIn(tx, 'orders_reusable_material', (name) =>
    tx
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userSid, sql.placeholder('user')),
          eq(orders.status, OrderStatus.CREATED),
          eq(orders.orderType, 'material'),
          // An upgrade order is handed out only by its own placement (order-upgrade.ts).
          isNull(orders.upgradeMaterialSid),
          sql`${orders.createdAt} > ${sql.placeholder('after')}::timestamptz`,
        ),
      )
      .orderBy(desc(orders.createdAt))
      .limit(REUSE_CANDIDATES)
      .prepare(name),
  ).execute({ user: input.userSid, after: input.placedAfter.toISOString() });
  if (candidates.length === 0) return undefined;
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderSid,
        candidates.map((c) => c.sid),
      ),
    );
  const keyOf = (l: { materialSid: string; spec: number; unitPriceCents: number }) =>
    `${l.materialSid}:${l.spec}:${l.unitPriceCents}`;
  const wanted = input.lines.map(keyOf).sort().join(',');
  return candidates.find(
    (c) =>
      items
        .filter((i) => i.orderSid === c.sid)
        .map(keyOf)
        .sort()
        .join(',') === wanted,
  );
}

/** The company's unpaid upgrade order of a material (at most one: orders_open_upgrade_key). */
export async function findOpenUpgradeOrder(
  db: DbOrTx,
  ownerSid: string,
  materialSid: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.ownerSid, ownerSid),
        eq(orders.upgradeMaterialSid, materialSid),
        eq(orders.status, OrderStatus.CREATED),
      ),
    )
    .limit(1);
  return row;
}

const ORDER_COLUMNS = new Set(Object.keys(getTableColumns(orders)));

/** The values given for columns of `orders` (undefined ones left to their defaults). */
function orderColumnValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && ORDER_COLUMNS.has(k)));
}

/**
 * A placeholder named after each column given, for a statement prepared per set of columns; a
 * null stays a null (a column's encoder is not for nulls), so shapeName tells nulls apart.
 */
function placeholdersOf(values: Record<string, unknown>): Record<string, Placeholder | null> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === null ? null : sql.placeholder(k)]));
}

/** `prefix` and a short digest of the columns: one prepared statement name per shape (≤ 63 chars). */
function shapeName(prefix: string, values: Record<string, unknown>): string {
  const shape = Object.entries(values)
    .map(([k, v]) => (v === null ? `${k}=null` : k))
    .sort()
    .join(',');
  return `${prefix}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
}

/** "GS20260121103000123456": China-time stamp plus 6 random digits; unique by index. */
export function newOrderNo(at: Date): string {
  const stamp = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
  return `GS${stamp}${newNumericCode(6)}`;
}

/**
 * Tries for a free order number. Two orders in one second share the stamp, so at checkout rates
 * (hundreds a second) a random suffix is taken now and then; each try is a new draw.
 */
const ORDER_NO_TRIES = 8;

/**
 * Inserts the order under a fresh number (`numberOf`, the random one by default). A number already
 * taken is skipped by ON CONFLICT, not an error, so the caller's transaction stays usable and the
 * next draw is tried in it.
 */
export async function insertOrder(
  tx: DbOrTx,
  order: Omit<NewOrderRow, 'orderNo'> & { createdAt: Date },
  items: { materialSid: string; spec: number; unitPriceCents: number }[],
  numberOf: (at: Date) => string = newOrderNo,
): Promise<OrderRow> {
  const itemArrays = {
    materials: items.map((i) => i.materialSid),
    specs: items.map((i) => i.spec),
    prices: items.map((i) => i.unitPriceCents),
  };
  for (let attempt = 0; attempt < ORDER_NO_TRIES; attempt += 1) {
    const values = orderColumnValues({ ...order, orderNo: numberOf(order.createdAt) });
    // One statement for the order and its items (prepared per set of columns given: each kind of
    // order gives its own); the items are inserted from the order's RETURNING, so a number taken
    // already inserts neither and the next draw is tried.
    const result = await preparedSqlIn(tx, shapeName('order_insert_with_items', values), () => {
      const placed = tx
        .insert(orders)
        .values(placeholdersOf(values) as unknown as typeof orders.$inferInsert)
        .onConflictDoNothing({ target: orders.orderNo })
        .returning()
        .getSQL();
      return sql`
        WITH placed AS (${placed}), added AS (
          INSERT INTO ${orderItems} ("order_sid", "material_sid", "spec", "unit_price_cents")
          SELECT placed."sid", i."material_sid", i."spec", i."unit_price_cents"
          FROM placed, unnest(${sql.placeholder('materials')}::text[], ${sql.placeholder('specs')}::int[],
            ${sql.placeholder('prices')}::bigint[]) AS i("material_sid", "spec", "unit_price_cents")
        )
        SELECT * FROM placed`;
    }).execute({ ...values, ...itemArrays });
    const [row] = rowsOf<Record<string, unknown>>(result);
    if (row) return orderRowOf(row);
  }
  throw new Error(`no free order number after ${ORDER_NO_TRIES} draws`);
}

/**
 * An orders row as the database answered it (snake_case column names: the schema's are
 * camelCase, turned into snake_case by the database handle's `casing`) mapped as Drizzle maps a select.
 */
function orderRowOf(row: Record<string, unknown>): OrderRow {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(orders))) {
    const value = row[toSnakeCase(column.name)];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped as OrderRow;
}

/** `from` → CANCELLED (a pending approval request goes with it). Undefined when not in `from`. */
export async function markOrderCancelled(tx: DbOrTx, sid: string, from: OrderStatus): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: OrderStatus.CANCELLED,
      auditStatus: sql`CASE WHEN ${orders.auditStatus} = 'PENDING' THEN 'NONE' ELSE ${orders.auditStatus} END`,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.sid, sid), eq(orders.status, from)))
    .returning();
  return row;
}

/**
 * `from` → REFUNDED with the cents given back (docs/decisions/0029); the constraint
 * orders_refund_within_paid refuses more than was received. Undefined when not in `from`.
 */
export async function markOrderRefunded(
  tx: DbOrTx,
  sid: string,
  from: OrderStatus,
  refundedCents: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({
      status: OrderStatus.REFUNDED,
      refundedCents,
      version: sql`${orders.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orders.sid, sid), eq(orders.status, from)))
    .returning();
  return row;
}

/**
 * A bank-transfer order in `from` (cancelled at its deadline) whose money arrived after all:
 * back to CREATED at its price, so the operator's confirmation settles it like any other. Only
 * a transfer order qualifies; returns undefined otherwise.
 */
export async function reopenTransferOrder(tx: DbOrTx, sid: string, from: OrderStatus): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: OrderStatus.CREATED, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.sid, sid), eq(orders.status, from), eq(orders.payWay, PayWay.TRANSFER)))
    .returning();
  return row;
}

/** Changes the approval state of a CREATED order, only from one of the given states. */
export async function updateOrderAudit(
  tx: DbOrTx,
  sid: string,
  from: readonly string[],
  change: {
    auditStatus: string;
    auditMessage: string | null;
    approvedAt?: Date;
    approvedCents?: number;
  } & Partial<ApprovalPrice>,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...change, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.sid, sid), eq(orders.status, OrderStatus.CREATED), inArray(orders.auditStatus, [...from])))
    .returning();
  return row;
}

/** A transfer the operator could not match: the order leaves the transfer queue and stays payable. */
export async function clearTransferPayWay(tx: DbOrTx, sid: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ payWay: null, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.sid, sid), eq(orders.status, OrderStatus.CREATED), eq(orders.payWay, PayWay.TRANSFER)))
    .returning();
  return row;
}

export interface OrderListFilter {
  /** The account whose own orders are listed … */
  userSid?: string;
  /** … or every order of a company (a main account and its sub-accounts). */
  ownerSid?: string;
  status?: string | null;
  orderType?: string | null;
  auditStatus?: string | null;
}

function listConditions(filter: OrderListFilter) {
  return and(
    filter.userSid ? eq(orders.userSid, filter.userSid) : undefined,
    filter.ownerSid ? eq(orders.ownerSid, filter.ownerSid) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.orderType ? eq(orders.orderType, filter.orderType) : undefined,
    filter.auditStatus ? eq(orders.auditStatus, filter.auditStatus) : undefined,
  );
}

export type OrderListRow = OrderRow & { position: string };

/**
 * A page of the list, newest first (sid breaking ties), with each row's position for the next
 * page's cursor: after `after` when given (keyset), else from `offset`. Served in that order by
 * the orders_(user|owner)[_status|_audit]_idx indexes.
 */
export function listOrdersQuery(
  db: DbOrTx,
  filter: OrderListFilter,
  page: { offset: number; limit: number; after?: ListPosition | undefined },
) {
  return (
    db
      .select({ ...getTableColumns(orders), position: positionAt(orders.createdAt) })
      .from(orders)
      .where(
        and(listConditions(filter), page.after ? afterPosition(orders.createdAt, orders.sid, page.after) : undefined),
      )
      // NULLS LAST as the indexes are built (PostgreSQL's DESC alone means NULLS FIRST, which no
      // index here serves, and it would sort every order of the company for each page).
      .orderBy(sql`${orders.createdAt} desc nulls last, ${orders.sid} desc nulls last`)
      .limit(page.limit)
      .offset(page.after ? 0 : page.offset)
  );
}

export async function listOrders(
  db: DbOrTx,
  filter: OrderListFilter,
  page: { offset: number; limit: number; after?: ListPosition | undefined },
): Promise<OrderListRow[]> {
  return listOrdersQuery(db, filter, page);
}

/** Counted up to COUNT_LIMIT rows: a company's orders only grow. */
export async function countOrders(db: DbOrTx, filter: OrderListFilter): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(orders)
    .where(listConditions(filter))
    .limit(COUNT_LIMIT)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  return Number(row?.n ?? 0);
}

export interface OrderItemView extends OrderItemRow {
  thumbKey: string | null;
  keywords: string[];
}

/** An order item with what the order card shows of its material (order_items joined to materials). */
const ORDER_ITEM_VIEW_COLUMNS = {
  orderSid: orderItems.orderSid,
  materialSid: orderItems.materialSid,
  spec: orderItems.spec,
  unitPriceCents: orderItems.unitPriceCents,
  thumbKey: materials.thumbKey,
  keywords: materials.keywords,
};

/** Items of several orders with what the order card shows of each material. */
export async function listItemsOfOrders(db: DbOrTx, orderSids: readonly string[]): Promise<OrderItemView[]> {
  if (orderSids.length === 0) return [];
  // Every order list (the buyer's and the console's) reads its items: prepared once.
  const statement = preparedIn(db, 'order_items_of_orders', (name) =>
    db
      .select(ORDER_ITEM_VIEW_COLUMNS)
      .from(orderItems)
      .innerJoin(materials, eq(materials.sid, orderItems.materialSid))
      .where(sql`${orderItems.orderSid} = ANY(${sql.placeholder('sids')}::text[])`)
      .orderBy(orderItems.orderSid, orderItems.materialSid)
      .prepare(name),
  );
  return statement.execute({ sids: [...orderSids] });
}

/** An item of an order being paid, with the licence types its company already holds of the material. */
export interface OrderItemToPay extends OrderItemView {
  ownedSpecs: number[];
  /** Whether the buyer's cart holds the material (a paid item leaves the cart: nothing to delete when none does). */
  inCart: boolean;
}

/** The items of an order being paid, and whether the order holds any coupon claim. */
export interface ItemsToPay {
  items: OrderItemToPay[];
  /**
   * Read with the items, after the payment's locks: false lets the settlement skip giving back
   * claims it does not hold. Unknown (null) for an order without items: the settlement then asks.
   */
  holdsCouponClaims: boolean | null;
}

/**
 * The items of an order being paid (as listItemsOfOrders), each with the licence types the
 * owner already holds of its material, read in the same statement (the licences counted as
 * listOwnedSpecs counts them: not superseded by an upgrade, not revoked): the payment refuses a
 * licence bought meanwhile by another order without a read of its own. The same statement tells
 * whether the buyer's cart holds each material and whether the order holds a coupon claim, so a
 * payment without a cart line or a coupon (a "buy now") sends no statement to delete either.
 * Called after the payment locked the order and the wallet: it reads what was committed before.
 */
export async function listItemsToPay(
  tx: DbOrTx,
  order: { sid: string; ownerSid: string; userSid: string },
): Promise<ItemsToPay> {
  const rows = await preparedIn(tx, 'order_items_to_pay', (name) =>
    tx
      .select({
        ...ORDER_ITEM_VIEW_COLUMNS,
        ownedSpecs: ownedLicenceSpecsSql(
          sql`${sql.placeholder('owner')}::text`,
          sql.raw('"order_items"."material_sid"'),
        ),
        inCart: sql<boolean>`exists (select 1 from ${cartItems} where ${cartItems.userSid} = ${sql.placeholder('buyer')}::text and ${cartItems.materialSid} = ${orderItems.materialSid})`,
        holdsCouponClaims: sql<boolean>`exists (select 1 from ${couponRedemptions} where ${couponRedemptions.orderSid} = ${sql.placeholder('order')}::text)`,
      })
      .from(orderItems)
      .innerJoin(materials, eq(materials.sid, orderItems.materialSid))
      .where(eq(orderItems.orderSid, sql.placeholder('order')))
      .orderBy(orderItems.materialSid)
      .prepare(name),
  ).execute({ order: order.sid, owner: order.ownerSid, buyer: order.userSid });
  return {
    items: rows.map(({ holdsCouponClaims: _, ...r }) => ({ ...r, ownedSpecs: r.ownedSpecs.map(Number) })),
    holdsCouponClaims: rows[0]?.holdsCouponClaims ?? null,
  };
}

/** Display names of buyers (sub-accounts in a main account's list). */
export async function findBuyerNames(db: DbOrTx, userSids: readonly string[]): Promise<Map<string, string | null>> {
  if (userSids.length === 0) return new Map();
  const rows = await db
    .select({ sid: users.sid, name: users.name, username: users.username, email: users.email, mobile: users.mobile })
    .from(users)
    .where(inArray(users.sid, [...userSids]));
  return new Map(rows.map((r) => [r.sid, r.name ?? r.username ?? r.email ?? r.mobile ?? null]));
}

/** Paid material orders of the owner lose their cart lines: bought things leave the cart. */
export async function removePaidItemsFromCart(tx: DbOrTx, userSid: string, orderSid: string): Promise<void> {
  await preparedSqlIn(
    tx,
    'cart_remove_paid_items',
    () => sql`
      DELETE FROM ${cartItems}
      WHERE ${cartItems.userSid} = ${sql.placeholder('user')}::text
        AND ${cartItems.materialSid} IN (
          SELECT ${orderItems.materialSid} FROM ${orderItems} WHERE ${orderItems.orderSid} = ${sql.placeholder('order')}::text
        )`,
  ).execute({ user: userSid, order: orderSid });
}

export interface AdminOrderFilter {
  status?: string | null;
  orderType?: string | null;
  payWay?: string | null;
  q?: string | null;
  /**
   * The orders `q` finds, already read (findSearchedOrderSids): the list and its count then read
   * them by key instead of each running the search again. Takes the place of `q`.
   */
  foundSids?: readonly string[] | null;
  /** Placed at or after `since` and before `until`. */
  since?: Date | null;
  until?: Date | null;
  /** The order's price in cents, both bounds included. */
  minCents?: number | null;
  maxCents?: number | null;
}

/** LIKE treats % and _ as wildcards; a search term means them literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The orders a search term finds, as one set of sids: any part of the order number
 * (orders_order_no_trgm_idx), the sid, and the orders of the buyers it names — part of the
 * e-mail (users_email_trgm_idx), the mobile or username exactly — or of the companies whose name
 * holds it (users_company_trgm_idx, then orders_owner_idx). Each branch reads its own index;
 * an OR across the joined buyer could only be checked row by row along the whole list.
 */
function searchedOrderSids(q: string) {
  const part = `%${escapeLike(q)}%`;
  return sql`(
    select ${orders.sid} from ${orders} where ${orders.orderNo} ilike ${part} or ${orders.sid} = ${q}
    union
    select ${orders.sid} from ${orders} where ${orders.userSid} in (
      select ${users.sid} from ${users}
      where ${users.email} ilike ${part} or ${users.mobile} = ${q} or ${users.username} = ${q}
    )
    union
    select ${orders.sid} from ${orders} where ${orders.ownerSid} in (
      select ${users.sid} from ${users} where ${users.level} = 0 and ${users.company} ilike ${part}
    )
  )`;
}

/**
 * The sids of the orders a search term finds, at most `max` (any of them: the caller only asks
 * whether there are more than it can hand on). One statement the list and its count then share.
 */
export async function findSearchedOrderSids(db: DbOrTx, q: string, max: number): Promise<string[]> {
  const result = await db.execute(sql`select found.sid from ${searchedOrderSids(q.trim())} as found(sid) limit ${max}`);
  return rowsOf<{ sid: string }>(result).map((r) => r.sid);
}

/** One text[] literal of sids, each quoted: one parameter however many there are. */
function sidArray(sids: readonly string[]) {
  return `{${sids.map((sid) => `"${sid.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}

function adminConditions(filter: AdminOrderFilter) {
  const q = filter.foundSids ? undefined : filter.q?.trim();
  return and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.orderType ? eq(orders.orderType, filter.orderType) : undefined,
    filter.payWay ? eq(orders.payWay, filter.payWay) : undefined,
    filter.since ? gte(orders.createdAt, filter.since) : undefined,
    filter.until ? lt(orders.createdAt, filter.until) : undefined,
    filter.minCents != null ? gte(orders.priceCents, filter.minCents) : undefined,
    filter.maxCents != null ? lte(orders.priceCents, filter.maxCents) : undefined,
    // The found sids as one array (an InitPlan): the orders are then read by key. As `in (…)`
    // the planner may hash-join the set against a scan of every order.
    q ? sql`${orders.sid} = any(array${searchedOrderSids(q)})` : undefined,
    filter.foundSids ? sql`${orders.sid} = any(${sidArray(filter.foundSids)}::text[])` : undefined,
  );
}

export interface AdminOrderRow {
  order: OrderRow;
  buyer: { sid: string; email: string | null; mobile: string | null; username: string | null; company: string | null };
}

const BUYER_COLUMNS = {
  sid: users.sid,
  email: users.email,
  mobile: users.mobile,
  username: users.username,
  company: users.company,
};

/**
 * Operator's order list: newest first (sid breaking ties), with the buyer and each order's
 * position for the next page's cursor. Read in the order of orders_created_idx, or of the
 * status, type or pay-way index when filtered by one; a search term is checked row by row along
 * that order.
 */
export function listAdminOrdersQuery(db: DbOrTx, filter: AdminOrderFilter, page: ListPage) {
  return db
    .select({ order: getTableColumns(orders), buyer: BUYER_COLUMNS, position: positionAt(orders.createdAt) })
    .from(orders)
    .innerJoin(users, eq(users.sid, orders.userSid))
    .where(
      and(adminConditions(filter), page.after ? afterPosition(orders.createdAt, orders.sid, page.after) : undefined),
    )
    .orderBy(positionOrder(orders.createdAt, orders.sid))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);
}

export async function listAdminOrders(
  db: DbOrTx,
  filter: AdminOrderFilter,
  page: ListPage,
): Promise<(AdminOrderRow & { position: string })[]> {
  return listAdminOrdersQuery(db, filter, page);
}

/** The orders a count of the console's list reads: the list's own conditions, without the buyer. */
export function countAdminOrdersQuery(db: DbOrTx, filter: AdminOrderFilter) {
  return db
    .select({ one: sql`1` })
    .from(orders)
    .where(adminConditions(filter));
}

/** How many orders match, counted no further than `cap` + 1. */
export async function countAdminOrders(db: DbOrTx, filter: AdminOrderFilter, cap: number): Promise<number> {
  return countUpTo(db, countAdminOrdersQuery(db, filter), cap + 1);
}

export async function findAdminOrder(db: DbOrTx, sid: string): Promise<AdminOrderRow | undefined> {
  const [row] = await db
    .select({ order: getTableColumns(orders), buyer: BUYER_COLUMNS })
    .from(orders)
    .innerJoin(users, eq(users.sid, orders.userSid))
    .where(eq(orders.sid, sid))
    .limit(1);
  return row;
}

import {
  ConsentContext,
  AccountLevel,
  LIST_COUNT_CAP,
  CHINA_OFFSET_MS,
  customizationPriceCents,
  ErrorCode,
  LicenceType,
  OrderStateMachine,
  ORDER_MAX_TOTAL_CENTS,
  OrderType,
  type TAdminOrder,
  type TAdminOrderListResponse,
  type TOrder,
  type TOrderListItem,
  type TOrderListResponse,
  type TPricePreview,
  unitPriceCents,
  VIP_MONTHLY_FEE_CENTS,
  PayWay,
  ownerSidOf,
  type TOrderRefund,
} from '@gemstock/contract';
import type { z } from 'zod';
import type {
  ZAdminOrderListQuery,
  ZCustomPreviewRequest,
  ZOrderListQuery,
  ZPlaceCustomRequest,
} from '@gemstock/contract';
import type { MoneyConfig } from '../../config.js';
import { paymentDeadlineOf, type PaymentDeadlinePolicy } from './order-deadline.js';
import { findLastAttemptTimes } from './order-deadline.repository.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { newSid } from '../../lib/ids.js';
import { preferGenericPlans } from '../../db/sql.js';
import {
  cappedTotal,
  decodeCursor,
  encodeCursor,
  type ListPosition,
  listPageOf,
  pageWithCursor,
} from '../../lib/list-cursor.js';
import { demandsBySids, insertAdvancedDemand } from '../design/index.js';
import { assertUsableUpload, markUploadsUsed } from '../upload/index.js';
import {
  findMaterialsBySids,
  findMaterialsWithOwnedSpecs,
  pricedMaterialOf,
  type MaterialRow,
  type PublicUrlOf,
} from '../catalog/index.js';
import { findUserBySid } from '../user/index.js';
import { recordConsents } from '../content/index.js';
import type { UserRow } from '../../db/rows.js';
import { invoicesOfOrders } from '../invoice/index.js';
import { findCustomDesignCredit, refuseOwnedLicences } from '../licence/index.js';
import { uniqueViolationConstraint } from '../../db/errors.js';
import { priceWithContext, toPricePreview } from './order-pricing.js';
import {
  type AdminOrderRow,
  type AdminOrderFilter,
  countAdminOrders,
  findSearchedOrderSids,
  countOrders,
  findAdminOrder,
  findBuyerNames,
  findOrderBySid,
  findReusableMaterialOrder,
  insertOrder,
  listAdminOrders as listAdminOrderRows,
  listItemsOfOrders,
  listOrders as listOrderRows,
  lockBuyerForPlacement,
  type OrderItemView,
  type OrderListFilter,
  type OrderRow,
  type ApprovalPrice,
} from './order.repository.js';
import { transitionApproval } from './approval-transition.js';
import { presentOrder } from './order.view.js';
import type { AppMetrics } from '../../ops/app-metrics.js';
import type { AppDeps } from '../../app-deps.js';

export interface OrderDeps {
  db: Db;
  money: MoneyConfig;
  /**
   * How long after placement an open order is still handed out again for the same selection
   * (the unpaid-order time less a margin, so a reused order is never about to be swept).
   * 0 turns reuse off.
   */
  reuseWindowMs?: number;
  publicUrlOf: PublicUrlOf;
  /** When unpaid orders are cancelled, shown on each unpaid order as `expiresAt`. */
  deadlines?: PaymentDeadlinePolicy;
  /** Counts orders paid by wallet, free or bank transfer (AppDeps.metrics). */
  metrics?: Pick<AppMetrics, 'paymentSettled'>;
  /** Where the buyer's direct uploads are checked (custom orders); without it uploads are refused. */
  uploads?: Pick<AppDeps, 'db' | 'storage' | 'config'>;
  /** Approval notices (order-notice.ts); without it none are sent. */
  messages?: AppDeps['messages'];
  siteName?: string;
  now?: () => Date;
  /** The refunds of refunded orders, shown on them: the payment module's, wired in services.ts. */
  refundsOf?: (db: DbOrTx, orderSids: readonly string[]) => Promise<Map<string, TOrderRefund>>;
}

/* The order module's front door for the modules that pay for, license and show orders. */

/**
 * The `dashboard` order an operator's quote creates for a super or AI-video request, in the
 * design module's transaction: the quoted price, no items, waiting for the buyer to pay it in
 * the order drawer like any other order.
 */
export async function insertQuotedOrder(
  tx: DbOrTx,
  input: { userSid: string; ownerSid: string; demandSid: string; name: string; priceCents: number; at: Date },
): Promise<OrderRow> {
  return insertOrder(
    tx,
    {
      sid: newSid(),
      name: input.name,
      orderType: OrderType.DASHBOARD,
      spec: LicenceType.PREMIUM_CUSTOM,
      source: 'quote',
      priceOriginCents: input.priceCents,
      priceCents: input.priceCents,
      userSid: input.userSid,
      ownerSid: input.ownerSid,
      demandSid: input.demandSid,
      createdAt: input.at,
      updatedAt: input.at,
    },
    [],
  );
}

/**
 * A sub-account's wallet payment asks its main account's approval: NONE → PENDING, storing the
 * amount asked (approvalBreakdownOf) as the order's price, so the approval card shows what the
 * approval and the budget count. Undefined when the order was no longer NONE.
 */
export async function requestApproval(db: DbOrTx, sid: string, price: ApprovalPrice): Promise<OrderRow | undefined> {
  return transitionApproval(db, sid, 'request', { auditMessage: null, ...price });
}

/** Orders an account may see: its own, and for a main account its sub-accounts' too. */
export function canViewOrder(user: UserRow, order: OrderRow): boolean {
  return order.userSid === user.sid || (user.level === AccountLevel.MAIN && order.ownerSid === user.sid);
}

/** Recharges, orders and licences need the company on record (spec §4 company dialog). */
export async function assertHasCompany(db: DbOrTx, user: UserRow): Promise<void> {
  if (user.company) return;
  if (user.level === AccountLevel.SUB && user.parentSid) {
    const parent = await findUserBySid(db, user.parentSid);
    if (parent?.company) return;
  }
  throw new AppError(ErrorCode.COMPANY_REQUIRED);
}

interface PricedLine {
  material: MaterialRow;
  spec: number;
  unitPriceCents: number;
}

type MaterialSelection = Record<string, number>;

/** An open order is handed out again until 5 minutes before the unpaid-order sweep may cancel it. */
const REUSE_MARGIN_MINUTES = 5;

export function reuseWindowOf(unpaidTtlMinutes: number): number {
  return Math.max(0, unpaidTtlMinutes - REUSE_MARGIN_MINUTES) * 60_000;
}

export function nowOf(deps: OrderDeps): Date {
  return deps.now?.() ?? new Date();
}

/**
 * Each sid must be a buyable material offering the chosen type; prices come from the database.
 * With `ownerSid` (a placement) each line also says the licence types that company already
 * holds of its material, read with the materials.
 */
async function priceSelection(
  deps: OrderDeps,
  selection: MaterialSelection,
  ownerSid?: string,
): Promise<(PricedLine & { ownedSpecs: number[] })[]> {
  const sids = Object.keys(selection);
  if (sids.length === 0) throw new AppError(ErrorCode.ORDER_EMPTY);
  const found: Map<string, MaterialRow & { ownedSpecs?: number[] }> =
    ownerSid === undefined
      ? await findMaterialsBySids(deps.db, sids)
      : await findMaterialsWithOwnedSpecs(deps.db, sids, ownerSid);
  const lines = sids.map((sid) => {
    const material = found.get(sid);
    if (!material) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND, `${ErrorCode.MATERIAL_NOT_FOUND.message}：${sid}`);
    if (material.disabled) throw new AppError(ErrorCode.MATERIAL_DISABLED);
    const spec = selection[sid]!;
    const unit = unitPriceCents(pricedMaterialOf(material), spec);
    if (unit === null) throw new AppError(ErrorCode.LICENCE_TYPE_NOT_OFFERED);
    return { material, spec, unitPriceCents: unit, ownedSpecs: material.ownedSpecs ?? [] };
  });
  // Each price is capped where it is set, and so is the number of items; this bounds the sum
  // so every order can be collected by every gateway (and sits far inside the bigint columns).
  if (lines.reduce((sum, l) => sum + l.unitPriceCents, 0) > ORDER_MAX_TOTAL_CENTS) {
    throw new AppError(ErrorCode.ORDER_TOTAL_TOO_LARGE);
  }
  return lines;
}

export async function previewMaterialOrder(
  deps: OrderDeps,
  user: UserRow,
  input: { materials: MaterialSelection; code: string | null; pay_way: PayWay | null },
): Promise<TPricePreview> {
  const lines = await priceSelection(deps, input.materials);
  const { breakdown } = await priceWithContext(deps.db, {
    orderType: OrderType.MATERIAL,
    lineCents: lines.map((l) => l.unitPriceCents),
    code: input.code,
    payWay: input.pay_way,
    user,
    vipRateBp: deps.money.vipRateBp,
    now: nowOf(deps),
  });
  return toPricePreview(breakdown);
}

/**
 * 结算 / 立即购买. The buyer's open order for exactly these materials, licence types and prices
 * is handed out again instead of a new one, so looking at prices does not pile up unpaid
 * orders; a different selection (or a changed price) makes a new order. Placements of one
 * buyer are serialised on the buyer's row, so two clicks at once make one order.
 */
export async function placeMaterialOrder(
  deps: OrderDeps,
  user: UserRow,
  input: { materials: MaterialSelection; source: string | null; agreement_version?: number | undefined },
): Promise<{ order: TOrder }> {
  await assertHasCompany(deps.db, user);
  const lines = await priceSelection(deps, input.materials, ownerSidOf(user));
  refuseOwnedLicences(
    lines.map((l) => ({
      materialSid: l.material.sid,
      spec: l.spec,
      label: l.material.keywords[0],
      ownedSpecs: l.ownedSpecs,
    })),
  );
  const origin = lines.reduce((sum, l) => sum + l.unitPriceCents, 0);
  const now = nowOf(deps);
  const first = lines[0]!;
  const name =
    lines.length === 1
      ? `素材授权 ${first.material.keywords[0] ?? first.material.sid}`
      : `素材授权 ${first.material.keywords[0] ?? first.material.sid} 等 ${lines.length} 个`;
  const itemRows = lines.map((l) => ({
    materialSid: l.material.sid,
    spec: l.spec,
    unitPriceCents: l.unitPriceCents,
  }));
  const reuseWindowMs = deps.reuseWindowMs ?? 0;
  const order = await deps.db.transaction(async (tx) => {
    if (reuseWindowMs > 0) {
      await lockBuyerForPlacement(tx, user.sid);
      const open = await findReusableMaterialOrder(tx, {
        userSid: user.sid,
        placedAfter: new Date(now.getTime() - reuseWindowMs),
        lines: itemRows,
      });
      if (open) return agreedFor(tx, user, open, 'licence_agreement', input.agreement_version);
    } else {
      await preferGenericPlans(tx);
    }
    const placed = await insertOrder(
      tx,
      {
        sid: newSid(),
        name,
        orderType: OrderType.MATERIAL,
        spec: lines.length === 1 ? first.spec : null,
        source: input.source,
        priceOriginCents: origin,
        priceCents: origin,
        userSid: user.sid,
        ownerSid: ownerSidOf(user),
        createdAt: now,
        updatedAt: now,
      },
      itemRows,
    );
    return agreedFor(tx, user, placed, 'licence_agreement', input.agreement_version);
  });
  const items = lines.map((l) => ({
    orderSid: order.sid,
    materialSid: l.material.sid,
    spec: l.spec,
    unitPriceCents: l.unitPriceCents,
    thumbKey: l.material.thumbKey,
    keywords: l.material.keywords,
  }));
  return { order: await presentOne(deps, order, { items, writtenByThisRequest: true }) };
}

/**
 * Records, with the order, the version of the agreement ticked before it (docs/decisions/0042):
 * the licence agreement of the contract dialog, or the VIP agreement; answers the order.
 */
export async function agreedFor<T extends { sid: string }>(
  tx: DbOrTx,
  user: UserRow,
  order: T,
  key: 'licence_agreement' | 'vip_agreement',
  version: number | undefined,
  context: ConsentContext = ConsentContext.ORDER,
): Promise<T> {
  await recordConsents(tx, { user, documents: [{ key, version }], context, orderSid: order.sid });
  return order;
}

/** VIP recharge: the monthly fee is the only option. Main accounts only (the route checks). */
export async function placeWalletOrder(
  deps: OrderDeps,
  user: UserRow,
  input: { price: number; source: string | null; agreement_version?: number | undefined },
): Promise<{ order: TOrder }> {
  await assertHasCompany(deps.db, user);
  if (input.price !== VIP_MONTHLY_FEE_CENTS) throw new AppError(ErrorCode.RECHARGE_PRICE_INVALID);
  const now = nowOf(deps);
  const order = await deps.db.transaction(async (tx) => {
    const placed = await insertOrder(
      tx,
      {
        sid: newSid(),
        name: 'VIP 月度会员充值',
        orderType: OrderType.WALLET,
        source: input.source,
        priceOriginCents: VIP_MONTHLY_FEE_CENTS,
        priceCents: VIP_MONTHLY_FEE_CENTS,
        userSid: user.sid,
        ownerSid: ownerSidOf(user),
        createdAt: now,
        updatedAt: now,
      },
      [],
    );
    return agreedFor(tx, user, placed, 'vip_agreement', input.agreement_version, ConsentContext.VIP);
  });
  return { order: await presentOne(deps, order) };
}

async function customMaterial(deps: OrderDeps, sid: string): Promise<{ material: MaterialRow; priceCents: number }> {
  const material = (await findMaterialsBySids(deps.db, [sid])).get(sid);
  if (!material) throw new AppError(ErrorCode.MATERIAL_NOT_FOUND);
  if (material.disabled) throw new AppError(ErrorCode.CUSTOM_NOT_OFFERED);
  return { material, priceCents: customizationPriceCents(pricedMaterialOf(material)) };
}

/** The buyer's product photo and logo: their own uploads, real pictures within the limits. */
async function assertCustomUploads(
  deps: OrderDeps,
  user: UserRow,
  input: { product_key: string | null; logo_key: string | null },
): Promise<string[]> {
  const keys: string[] = [];
  const { uploads } = deps;
  for (const [key, purpose] of [
    [input.product_key, 'product'],
    [input.logo_key, 'logo'],
  ] as const) {
    if (key === null) continue;
    if (!uploads) throw new AppError(ErrorCode.UPLOAD_NOT_FOUND);
    keys.push((await assertUsableUpload(uploads, user, key, purpose)).key);
  }
  return keys;
}

/**
 * What the company's 高级定制授权 of the material pays of its custom order: the whole service
 * when a credit is free, nothing when none is held or it is spent (docs/decisions/0023).
 * Throws CUSTOM_CREDIT_HELD when an unpaid custom order holds it: a second order would
 * otherwise sell the same service again.
 */
async function customCredit(
  deps: OrderDeps,
  db: DbOrTx,
  user: UserRow,
  materialSid: string,
  priceCents: number,
): Promise<{ licenceSid: string | null; cents: number }> {
  const credit = await findCustomDesignCredit(db, ownerSidOf(user), materialSid);
  if (credit.kind === 'held') throw new AppError(ErrorCode.CUSTOM_CREDIT_HELD);
  return credit.kind === 'available'
    ? { licenceSid: credit.licenceSid, cents: priceCents }
    : { licenceSid: null, cents: 0 };
}

export async function previewCustomOrder(
  deps: OrderDeps,
  user: UserRow,
  input: z.output<typeof ZCustomPreviewRequest>,
): Promise<TPricePreview> {
  await assertCustomUploads(deps, user, input);
  const { material, priceCents } = await customMaterial(deps, input.material);
  const credit = await customCredit(deps, deps.db, user, material.sid, priceCents);
  const { breakdown } = await priceWithContext(deps.db, {
    orderType: OrderType.CUSTOM,
    lineCents: [priceCents],
    code: input.code,
    payWay: input.pay_way,
    user,
    vipRateBp: deps.money.vipRateBp,
    now: nowOf(deps),
    creditCents: credit.cents,
  });
  return toPricePreview(breakdown);
}

/**
 * A customization order on a material, with its design request (demand, CREATED) linked both
 * ways. The design-delivery flow moves the demand on; payment does not.
 */
export async function placeCustomOrder(
  deps: OrderDeps,
  user: UserRow,
  input: z.output<typeof ZPlaceCustomRequest>,
): Promise<{ order: TOrder }> {
  await assertHasCompany(deps.db, user);
  const { material, priceCents } = await customMaterial(deps, input.material);
  const uploads = await assertCustomUploads(deps, user, input);
  const now = nowOf(deps);
  const orderSid = newSid();
  const demandSid = newSid();
  const order = await deps.db
    .transaction(async (tx) => {
      const credit = await customCredit(deps, tx, user, material.sid, priceCents);
      const created = await insertOrder(
        tx,
        {
          sid: orderSid,
          name: `高级定制 ${material.keywords[0] ?? material.sid}`,
          orderType: OrderType.CUSTOM,
          spec: LicenceType.PREMIUM_CUSTOM,
          source: input.source,
          priceOriginCents: priceCents,
          discountCreditCents: credit.cents,
          creditLicenceSid: credit.licenceSid,
          priceCents: priceCents - credit.cents,
          userSid: user.sid,
          ownerSid: ownerSidOf(user),
          demandSid,
          createdAt: now,
          updatedAt: now,
        },
        [{ materialSid: material.sid, spec: LicenceType.PREMIUM_CUSTOM, unitPriceCents: priceCents }],
      );
      await markUploadsUsed(tx, user, uploads);
      await insertAdvancedDemand(tx, {
        sid: demandSid,
        orderSid,
        materialSid: material.sid,
        userSid: user.sid,
        ownerSid: ownerSidOf(user),
        productKey: input.product_key,
        logoKey: input.logo_key,
        detail: Object.fromEntries(Object.entries(input.detail).filter(([, v]) => typeof v === 'string')) as Record<
          string,
          string
        >,
        at: now,
      });
      return created;
    })
    .catch((error: unknown) => {
      // Two placements at once both found the credit free: the index lets one order use it.
      if (uniqueViolationConstraint(error) === 'orders_credit_licence_key') {
        throw new AppError(ErrorCode.CUSTOM_CREDIT_HELD);
      }
      throw error;
    });
  return { order: await presentOne(deps, order) };
}

/** The account's orders; a main account also sees its sub-accounts' (flagged). */
export async function listOrders(
  deps: OrderDeps,
  user: UserRow,
  query: z.output<typeof ZOrderListQuery>,
): Promise<TOrderListResponse> {
  const filter: OrderListFilter = {
    ...(user.level === AccountLevel.MAIN ? { ownerSid: user.sid } : { userSid: user.sid }),
    status: query.status ?? null,
    orderType: query.type ?? null,
    auditStatus: query.audit_status ?? null,
  };
  // One row more than the page tells whether there is a next page.
  const page = {
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size + 1,
    after: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
  };
  const [found, counted] = await Promise.all([listOrderRows(deps.db, filter, page), countOrders(deps.db, filter)]);
  const rows = found.slice(0, query.page_size);
  const last = rows.at(-1);
  const nextCursor = found.length > query.page_size && last ? encodeCursor({ at: last.position, sid: last.sid }) : null;
  const wire = await presentMany(deps, rows);
  const others = [...new Set(rows.filter((r) => r.userSid !== user.sid).map((r) => r.userSid))];
  const names = await findBuyerNames(deps.db, others);
  const orders: TOrderListItem[] = rows.map((row, i) => ({
    ...wire[i]!,
    fromSubAccount: row.userSid !== user.sid,
    buyer: row.userSid !== user.sid ? (names.get(row.userSid) ?? null) : null,
  }));
  return { ...cappedTotal(counted), nextCursor, orders };
}

export async function findVisibleOrder(deps: OrderDeps, user: UserRow, sid: string): Promise<OrderRow> {
  const order = await findOrderBySid(deps.db, sid);
  if (!order || !canViewOrder(user, order)) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  return order;
}

export async function getOrder(deps: OrderDeps, user: UserRow, sid: string): Promise<{ order: TOrder }> {
  return { order: await presentOne(deps, await findVisibleOrder(deps, user, sid)) };
}

/** The instant a China-time calendar day (YYYY-MM-DD) begins, or the day `later` days after it. */
function chinaDayStart(day: string, later = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS + later * 86_400_000);
}

/** Operator: orders filtered by status, type, pay way, days, amount and a search term, with their buyers. */
type AdminOrderListQuery = z.output<typeof ZAdminOrderListQuery>;

function adminOrderFilterOf(query: Omit<AdminOrderListQuery, 'page' | 'page_size' | 'cursor'>): AdminOrderFilter {
  return {
    status: query.status,
    orderType: query.type,
    payWay: query.pay_way,
    q: query.q,
    since: query.from ? chinaDayStart(query.from) : null,
    until: query.to ? chinaDayStart(query.to, 1) : null,
    minCents: query.min_amount,
    maxCents: query.max_amount,
  };
}

/**
 * How many orders a search term may find and still be handed to the list and its count as sids:
 * as many as the count reports exactly. An order number, a buyer's e-mail or a company finds a
 * few hundred at most; a term that finds more (a shared domain, "GS") is searched by each again.
 */
const FOUND_ORDERS_HANDED_ON = LIST_COUNT_CAP;

/** The filter with its search term's orders read once, when they are few enough to hand on. */
async function withFoundOrders(deps: OrderDeps, filter: AdminOrderFilter): Promise<AdminOrderFilter> {
  const q = filter.q?.trim();
  if (!q) return filter;
  const found = await findSearchedOrderSids(deps.db, q, FOUND_ORDERS_HANDED_ON + 1);
  return found.length > FOUND_ORDERS_HANDED_ON ? filter : { ...filter, foundSids: found };
}

/** The filter is a search term's found orders and nothing else: they are the count. */
function onlySearched(filter: AdminOrderFilter): boolean {
  const { foundSids, q: _q, ...others } = filter;
  return foundSids != null && Object.values(others).every((value) => value == null);
}

export async function listAdminOrders(deps: OrderDeps, query: AdminOrderListQuery): Promise<TAdminOrderListResponse> {
  const filter = await withFoundOrders(deps, adminOrderFilterOf(query));
  const [found, counted] = await Promise.all([
    listAdminOrderRows(deps.db, filter, listPageOf(query)),
    onlySearched(filter) ? filter.foundSids!.length : countAdminOrders(deps.db, filter, LIST_COUNT_CAP),
  ]);
  const { rows, nextCursor } = pageWithCursor(found, query.page_size, (r) => ({ at: r.position, sid: r.order.sid }));
  return { ...cappedTotal(counted), nextCursor, orders: await presentAdmin(deps, rows) };
}

/** How many orders the export reads at a time: one query for the page and one for its items. */
const EXPORT_BATCH = 500;

/**
 * Every order the console's list would show with these filters, newest first, a batch at a time
 * along the list's own index (keyset, as its pages), up to `max`: what a CSV export streams.
 */
export async function* adminOrdersForExport(
  deps: OrderDeps,
  query: Omit<AdminOrderListQuery, 'page' | 'page_size' | 'cursor'>,
  max: number,
): AsyncGenerator<TAdminOrder> {
  const filter = await withFoundOrders(deps, adminOrderFilterOf(query));
  let after: ListPosition | undefined;
  let written = 0;
  while (written < max) {
    const limit = Math.min(EXPORT_BATCH, max - written);
    const rows = await listAdminOrderRows(deps.db, filter, { offset: 0, limit, after });
    for (const order of await presentAdmin(deps, rows)) yield order;
    written += rows.length;
    const last = rows.at(-1);
    if (rows.length < limit || !last) return;
    after = { at: last.position, sid: last.order.sid };
  }
}

export async function getAdminOrder(deps: OrderDeps, sid: string): Promise<{ order: TAdminOrder }> {
  const row = await findAdminOrder(deps.db, sid);
  if (!row) throw new AppError(ErrorCode.ORDER_NOT_FOUND);
  const [order] = await presentAdmin(deps, [row]);
  return { order: order! };
}

async function presentAdmin(deps: OrderDeps, rows: AdminOrderRow[]): Promise<TAdminOrder[]> {
  const wire = await presentMany(
    deps,
    rows.map((r) => r.order),
  );
  return rows.map(({ order, buyer }, i) => ({
    ...wire[i]!,
    buyer,
    ownerSid: order.ownerSid,
    transferReference:
      order.payWay === PayWay.TRANSFER ? (order.transferReference ?? order.orderNo) : order.transferReference,
    paidGateway: order.paidGateway,
    tradeNo: order.tradeNo,
    paidAmount: order.paidAmountCents,
  }));
}

/** What the caller already knows of the orders it presents: each saves a read. */
export interface KnownOfOrders {
  /** The orders' items with their materials. */
  items?: OrderItemView[];
  /**
   * The orders were placed or paid by this very request: no payment attempt can exist yet (one
   * needs the order's sid, which only this request's answer gives out) nor any invoice (one
   * needs the order paid, which this request has just done).
   */
  writtenByThisRequest?: boolean;
}

export async function presentOne(deps: OrderDeps, row: OrderRow, known: KnownOfOrders = {}): Promise<TOrder> {
  const [order] = await presentMany(deps, [row], known);
  return order!;
}

export async function presentMany(deps: OrderDeps, rows: OrderRow[], known: KnownOfOrders = {}): Promise<TOrder[]> {
  const items =
    known.items ??
    (await listItemsOfOrders(
      deps.db,
      rows.map((r) => r.sid),
    ));
  const demandSids = rows.map((r) => r.demandSid).filter((s): s is string => s !== null);
  const demands = await demandsBySids(deps.db, demandSids);
  const policy = deps.deadlines;
  const unpaid = rows.filter((r) => OrderStateMachine.may('pay', r.status)).map((r) => r.sid);
  const lastAttempts =
    policy && !known.writtenByThisRequest ? await findLastAttemptTimes(deps.db, unpaid) : new Map<string, Date>();
  const paid = rows.filter((r) => OrderStateMachine.may('requestInvoice', r.status)).map((r) => r.sid);
  const invoices = known.writtenByThisRequest ? new Map() : await invoicesOfOrders(deps.db, paid);
  // Only a refunded order has a refund: those of the page are asked at once, by their index, and
  // a page without one (placing and paying an order, most lists) asks nothing.
  const refunded = rows.filter((r) => OrderStateMachine.may('showRefund', r.status)).map((r) => r.sid);
  const refunds =
    deps.refundsOf && refunded.length > 0 ? await deps.refundsOf(deps.db, refunded) : new Map<string, TOrderRefund>();
  return rows.map((row) =>
    presentOrder(row, {
      items: items.filter((i) => i.orderSid === row.sid),
      demand: row.demandSid ? (demands.get(row.demandSid) ?? null) : null,
      publicUrlOf: deps.publicUrlOf,
      expiresAt: policy ? paymentDeadlineOf(row, lastAttempts.get(row.sid) ?? null, policy) : undefined,
      invoice: invoices.get(row.sid) ?? null,
      refund: refunds.get(row.sid) ?? null,
    }),
  );
}

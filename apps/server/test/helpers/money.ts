import type { TOrder } from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { coupons, ledgerEntries, orders, walletLots } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { insertOrder } from '../../src/modules/order/order.repository.js';
import { insertRechargeLot } from '../../src/modules/wallet/wallet.repository.js';
import { createBuyer, insertMaterial, type TestBuyer } from './factories.js';
import type { TestApp } from './test-app.js';
import { ORDER_API } from '@gemstock/contract';
import { injectApi } from './inject-api.js';

/** Helpers for the checkout and money tests: companies, sub-accounts, funded wallets, coupons. */

let counter = 0;

export const TEST_COMPANY = {
  company: '上海鑫鎏珠宝有限公司',
  companyLicense: '91310000MA1FL0XX2F',
  companyAddress: '上海市黄浦区南京东路 100 号',
};

/** A main account with a company (orders need one). */
export async function createCompanyBuyer(t: TestApp, company = TEST_COMPANY): Promise<TestBuyer> {
  counter += 1;
  return createBuyer(t, { ...company, company: `${company.company}${counter}` });
}

/** A sub-account (level 1) of a main account; it inherits nothing here — orders look at the parent. */
export async function createSubAccount(t: TestApp, parentSid: string): Promise<TestBuyer> {
  counter += 1;
  return createBuyer(t, { level: 1, parentSid, username: `sub${counter}${newSid(4)}`, email: null });
}

/**
 * Money in a wallet as a paid recharge would put it there: a PAYED wallet order, a lot and its
 * ledger entry. `paidAt` decides the validity (one China-time month), or `validBefore` directly.
 */
export async function fundWallet(
  t: TestApp,
  ownerSid: string,
  amountCents: number,
  options: { paidAt?: Date; validBefore?: Date } = {},
): Promise<string> {
  const paidAt = options.paidAt ?? new Date();
  const validBefore = options.validBefore ?? new Date(paidAt.getTime() + 30 * 86_400_000);
  const orderSid = newSid();
  await t.database.db.transaction(async (tx) => {
    await insertOrder(
      tx,
      {
        sid: orderSid,
        name: 'VIP 月度会员充值',
        orderType: 'wallet',
        status: 'PAYED',
        payWay: 'WECHAT',
        payTime: paidAt,
        priceOriginCents: amountCents,
        priceCents: amountCents,
        userSid: ownerSid,
        ownerSid,
        settlementKey: `test:${orderSid}`,
        createdAt: paidAt,
      },
      [],
    );
    await insertRechargeLot(tx, { ownerSid, orderSid, amountCents, validBefore, createdAt: paidAt });
  });
  return orderSid;
}

/** A material order as a settled payment leaves it (or, with `status`, as another state does). */
export async function insertPaidOrder(
  t: TestApp,
  values: {
    ownerSid: string;
    userSid?: string;
    payWay?: string;
    priceCents?: number;
    orderType?: string;
    status?: string;
  },
): Promise<{ sid: string; orderNo: string }> {
  const sid = newSid();
  const priceCents = values.priceCents ?? 39_800;
  const status = values.status ?? 'PAYED';
  const paid = status === 'PAYED';
  const row = await insertOrder(
    t.database.db,
    {
      sid,
      name: '素材授权订单',
      orderType: values.orderType ?? 'material',
      status,
      payWay: values.payWay ?? 'ALIPAY',
      payTime: paid ? new Date() : null,
      priceOriginCents: priceCents,
      priceCents,
      paidAmountCents: paid ? priceCents : null,
      userSid: values.userSid ?? values.ownerSid,
      ownerSid: values.ownerSid,
      settlementKey: paid ? `test:${sid}` : null,
      createdAt: new Date(),
    },
    [],
  );
  return { sid, orderNo: row.orderNo };
}

export async function createCoupon(
  t: TestApp,
  values: Partial<typeof coupons.$inferInsert> & { type: number; amount: number },
): Promise<{ sid: string; code: string }> {
  counter += 1;
  const sid = newSid();
  const code = values.code ?? `TEST${counter}${newSid(5).toUpperCase()}`;
  await t.database.db.insert(coupons).values({ sid, code, scope: [], redemptionLimit: 0, ...values });
  return { sid, code };
}

/** Materials priced by the licence table (3000×4000 offers all four types). */
export async function createMaterials(
  t: TestApp,
  n: number,
  values: Partial<Parameters<typeof insertMaterial>[1]> = {},
) {
  const rows = [];
  for (let i = 0; i < n; i += 1) rows.push(await insertMaterial(t, { keywords: ['钻戒', `测试${i}`], ...values }));
  return rows;
}

export async function placeOrder(t: TestApp, buyer: TestBuyer, materials: Record<string, number>): Promise<TOrder> {
  const res = await injectApi(t, ORDER_API.placeMaterial, { body: { materials, source: null }, token: buyer.token });
  if (res.code !== 0) throw new Error(`place order failed: ${res.code} ${res.message}`);
  return res.data.order;
}

export function payByWallet(t: TestApp, buyer: TestBuyer, orderSid: string, payload: Record<string, unknown> = {}) {
  return injectApi(t, ORDER_API.payByWallet, {
    params: { id: orderSid },
    body: { code: null, referer: null, ...payload },
    token: buyer.token,
  });
}

export interface WalletBooks {
  /** Sum of the ledger. */
  ledger: number;
  /** Sum of what valid lots still hold. */
  lots: number;
  /** Sum of what lapsed lots still hold (0 once written off). */
  lapsed: number;
  spends: number;
}

/** The two sides of the wallet's books; they must agree after expiry is written off. */
export async function walletBooks(t: TestApp, ownerSid: string, now = new Date()): Promise<WalletBooks> {
  const [ledger] = await t.database.db
    .select({
      total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      spends: sql<string>`-coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.kind} = 'spend'), 0)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userSid, ownerSid));
  const [lots] = await t.database.db
    .select({
      valid: sql<string>`coalesce(sum(${walletLots.remainingCents}) filter (where ${walletLots.validBefore} > ${now.toISOString()}::timestamptz), 0)`,
      lapsed: sql<string>`coalesce(sum(${walletLots.remainingCents}) filter (where ${walletLots.validBefore} <= ${now.toISOString()}::timestamptz), 0)`,
    })
    .from(walletLots)
    .where(eq(walletLots.userSid, ownerSid));
  return {
    ledger: Number(ledger?.total ?? 0),
    spends: Number(ledger?.spends ?? 0),
    lots: Number(lots?.valid ?? 0),
    lapsed: Number(lots?.lapsed ?? 0),
  };
}

export async function orderRow(t: TestApp, sid: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.sid, sid));
  return row!;
}

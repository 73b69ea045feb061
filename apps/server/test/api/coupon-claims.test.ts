import {
  type TOnlinePayResponse,
  type TSandboxPayResponse,
  ADMIN_ORDER_API,
  ORDER_API,
  PAYMENT_API,
  endpointUrl,
} from '@gemstock/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, ledgerEntries, paymentEvents } from '../../src/db/schema/index.js';
import {
  createCompanyBuyer,
  createCoupon,
  createMaterials,
  createSubAccount,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import { cancelExpiredOrders } from '../../src/modules/payment/close-trades.js';
import { operatorToken } from '../helpers/payment-orders.js';
import type { TestBuyer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { arrivalOfPrice } from '../helpers/transfer-arrival.js';

/**
 * A coupon's use is claimed when a payment starts (online link, transfer details) or, for the
 * wallet and a free completion, in the paying transaction — always with the same guarded write,
 * so its limits hold whatever way the money comes. Settlement never discounts without a claim.
 * Concurrency runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const STANDARD = 2;
const PRICE = 29_800;

function startOnline(buyer: TestBuyer, orderSid: string, code: string | null, way: 'wechat' | 'alipay' = 'wechat') {
  return t.call<TOnlinePayResponse>({
    method: 'POST',
    url: endpointUrl(PAYMENT_API[way], { params: { id: orderSid } }),
    token: buyer.token,
    payload: { code, referer: null },
  });
}

function paySandbox(link: string) {
  return t.call<TSandboxPayResponse>({ method: 'POST', url: new URL(link).pathname, payload: { result: 'SUCCESS' } });
}

async function couponState(sid: string) {
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.sid, sid));
  const [uses] = await t.database.db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponSid, sid));
  return { redeemedCount: row!.redeemedCount, uses: uses!.n };
}

async function newOrder(buyer: TestBuyer) {
  const [m] = await createMaterials(t, 1);
  return placeOrder(t, buyer, { [m!.sid]: STANDARD });
}

describe('coupon claims on online payment', () => {
  it('20 accounts open links at once on a limit-1 coupon, then pay: exactly one discount', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });
    const buyers = [];
    for (let i = 0; i < 20; i += 1) {
      const buyer = await createCompanyBuyer(t);
      buyers.push({ buyer, order: await newOrder(buyer) });
    }
    const links = await Promise.all(buyers.map(({ buyer, order }) => startOnline(buyer, order.sid, coupon.code)));
    const granted = links.filter((r) => r.code === 0);
    expect(granted).toHaveLength(1);
    expect(granted[0]!.data.amount).toBe(PRICE - 1000);
    const refused = links.filter((r) => r.code !== 0);
    expect(refused.every((r) => r.code === 4023 && r.status === 409)).toBe(true);
    expect(refused[0]!.message).toBe('优惠码使用次数已达上限');

    // Every link handed out is paid: only the one with the claim was ever at the coupon price.
    for (const r of granted) expect((await paySandbox(r.data.link)).data.outcome).toBe('settled');
    let discounted = 0;
    for (const { order } of buyers) {
      const row = await orderRow(t, order.sid);
      if (row.discountCouponCents > 0) {
        discounted += 1;
        expect(row).toMatchObject({ status: 'PAYED', couponCode: coupon.code, priceCents: PRICE - 1000 });
      } else {
        // A refused claim left the order as it was: no coupon, no pay way fixed.
        expect(row).toMatchObject({ status: 'CREATED', couponCode: null, payWay: null, priceCents: PRICE });
      }
    }
    expect(discounted).toBe(1);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  }, 120_000);

  it('one account opens 20 links at once on the coupon with 20 orders: one claim, the rest told why', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });
    const buyer = await createCompanyBuyer(t);
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await newOrder(buyer));
    const links = await Promise.all(orders.map((o) => startOnline(buyer, o.sid, coupon.code)));
    const granted = links.filter((r) => r.code === 0);
    expect(granted).toHaveLength(1);
    const refused = links.filter((r) => r.code !== 0);
    expect(refused.every((r) => r.code === 4051)).toBe(true);
    expect(refused[0]!.message).toBe('该优惠码已用于您的另一笔待支付订单，请先支付或取消那笔订单');
    for (const r of granted) await paySandbox(r.data.link);
    let discounted = 0;
    for (const o of orders) if ((await orderRow(t, o.sid)).discountCouponCents > 0) discounted += 1;
    expect(discounted).toBe(1);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  }, 120_000);

  it('the same order asking again (same tab, other tab) keeps its one claim', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });
    const buyer = await createCompanyBuyer(t);
    const order = await newOrder(buyer);
    const first = await startOnline(buyer, order.sid, coupon.code);
    expect(first.code).toBe(0);
    expect((await startOnline(buyer, order.sid, coupon.code)).data.link).toBe(first.data.link);
    const alipay = await startOnline(buyer, order.sid, coupon.code, 'alipay');
    expect(alipay.code).toBe(0);
    expect(alipay.data.amount).toBe(PRICE - 1000);
    const preview = await t.call<{ price: number }>({
      method: 'POST',
      url: endpointUrl(ORDER_API.payPreview, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: coupon.code, referer: null, pay_way: 'WECHAT' },
    });
    expect(preview.data.price).toBe(PRICE - 1000);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });

  it('a cancelled order, or one re-priced without the coupon, gives its claim back', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });
    const a = await createCompanyBuyer(t);
    const b = await createCompanyBuyer(t);
    const orderA = await newOrder(a);
    const orderB = await newOrder(b);
    expect((await startOnline(a, orderA.sid, coupon.code)).code).toBe(0);
    expect((await startOnline(b, orderB.sid, coupon.code)).code).toBe(4023);

    // A changes their mind about the coupon: the claim goes back.
    const plain = await startOnline(a, orderA.sid, null);
    expect(plain.data.amount).toBe(PRICE);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 0, uses: 0 });
    const bLink = await startOnline(b, orderB.sid, coupon.code);
    expect(bLink.code).toBe(0);

    // B cancels: the claim goes back and A may take it.
    const cancelled = await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.cancel, { params: { id: orderB.sid } }),
      token: b.token,
    });
    expect(cancelled.code).toBe(0);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 0, uses: 0 });
    expect((await startOnline(a, orderA.sid, coupon.code)).code).toBe(0);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });

  it('an order left unpaid past its time gives its claim back when the sweep cancels it', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });
    const buyer = await createCompanyBuyer(t);
    const order = await newOrder(buyer);
    expect((await startOnline(buyer, order.sid, coupon.code)).code).toBe(0);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
    const later = new Date(Date.now() + (t.config.payments.unpaidTtlMinutes + 1) * 60_000);
    const swept = await cancelExpiredOrders(t.app.deps, undefined, later);
    expect(swept.cancelled).toContain(order.sid);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 0, uses: 0 });
  });

  it('a payment at a coupon price without a claim, none being left, is an exception, never a discount', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });
    const buyer = await createCompanyBuyer(t);
    const order = await newOrder(buyer);
    const link = await startOnline(buyer, order.sid, coupon.code);
    // The claim disappears and the last use goes to someone else (an order placed before claims existed).
    const other = await createCompanyBuyer(t);
    await t.database.db.transaction(async (tx) => {
      await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderSid, order.sid));
      await tx.insert(couponRedemptions).values({ couponSid: coupon.sid, userSid: other.sid, orderSid: 'elsewhere' });
    });

    const paid = await paySandbox(link.data.link);
    expect(paid.data).toMatchObject({ outcome: 'exception', orderStatus: 'CREATED' });
    expect((await orderRow(t, order.sid)).status).toBe('CREATED');
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.orderSid, order.sid), eq(paymentEvents.outcome, 'exception')));
    expect(events.map((e) => (e.payload as { reason: string }).reason)).toEqual(['coupon_unclaimed']);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });

  it('an order paid without a claim still claims at settlement when the coupon has a use left', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 2 });
    const buyer = await createCompanyBuyer(t);
    const order = await newOrder(buyer);
    const link = await startOnline(buyer, order.sid, coupon.code);
    await t.database.db.transaction(async (tx) => {
      await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderSid, order.sid));
      await tx.update(coupons).set({ redeemedCount: 0 }).where(eq(coupons.sid, coupon.sid));
    });
    expect((await paySandbox(link.data.link)).data.outcome).toBe('settled');
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });
});

describe('coupon claims on transfer', () => {
  it('the transfer request claims the coupon; a second account is refused; confirming keeps the one use', async () => {
    const coupon = await createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });
    const a = await createCompanyBuyer(t);
    const b = await createCompanyBuyer(t);
    const orderA = await newOrder(a);
    const orderB = await newOrder(b);
    const transfer = (buyer: TestBuyer, sid: string) =>
      t.call<{ info: { amount: number } }>({
        method: 'POST',
        url: endpointUrl(ORDER_API.startTransfer, { params: { id: sid } }),
        token: buyer.token,
        payload: { code: coupon.code, referer: null },
      });
    const [ra, rb] = await Promise.all([transfer(a, orderA.sid), transfer(b, orderB.sid)]);
    expect([ra.code, rb.code].sort()).toEqual([0, 4023]);
    const [winner, winnerOrder] = ra.code === 0 ? [ra, orderA] : [rb, orderB];
    expect(winner.data.info.amount).toBe(PRICE - 1000);

    const ops = await operatorToken(t);
    const confirmed = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: winnerOrder.sid } }),
      token: ops,
      payload: await arrivalOfPrice(t, winnerOrder.sid, '已到账'),
    });
    expect(confirmed.code).toBe(0);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });
});

describe('coupon claims an order holds when the wallet pays it', () => {
  // An online link or a transfer fixes the pay way, so the wallet never pays such an order; a claim
  // an order holds at a wallet payment is one left from before (written here as a claim is).
  /** A funded buyer's unpaid order, holding a claim on `claimed` when given (written as a claim is). */
  async function walletOrder(claimed: { sid: string } | null) {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 100_000);
    const order = await newOrder(buyer);
    if (claimed) {
      await t.database.db.transaction(async (tx) => {
        await tx.insert(couponRedemptions).values({ couponSid: claimed.sid, userSid: buyer.sid, orderSid: order.sid });
        await tx.update(coupons).set({ redeemedCount: 1 }).where(eq(coupons.sid, claimed.sid));
      });
    }
    return { buyer, order };
  }
  const tenYuanOff = () => createCoupon(t, { type: 1, amount: 1000, redemptionLimit: 1 });

  it('paid without a coupon: the claim it held goes back', async () => {
    const coupon = await tenYuanOff();
    const { buyer, order } = await walletOrder(coupon);

    const paid = await payByWallet(t, buyer, order.sid, { code: null });
    expect(paid.code).toBe(0);
    expect(paid.data.order).toMatchObject({ status: 'PAYED', couponCode: null });
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 0, uses: 0 });
  });

  it('paid with the coupon it held a claim on: that claim is the one use', async () => {
    const coupon = await tenYuanOff();
    const { buyer, order } = await walletOrder(coupon);

    const paid = await payByWallet(t, buyer, order.sid, { code: coupon.code });
    expect(paid.code).toBe(0);
    expect(paid.data.order).toMatchObject({ status: 'PAYED', couponCode: coupon.code });
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });

  it('paid with another coupon: the held one goes back, the new one is claimed', async () => {
    const first = await tenYuanOff();
    const second = await createCoupon(t, { type: 1, amount: 2000, redemptionLimit: 1 });
    const { buyer, order } = await walletOrder(first);

    const paid = await payByWallet(t, buyer, order.sid, { code: second.code });
    expect(paid.code).toBe(0);
    expect(await couponState(first.sid)).toEqual({ redeemedCount: 0, uses: 0 });
    expect(await couponState(second.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });

  it('paid with a coupon and holding no claim: claimed in the payment', async () => {
    const coupon = await tenYuanOff();
    const { buyer, order } = await walletOrder(null);

    expect((await payByWallet(t, buyer, order.sid, { code: coupon.code })).code).toBe(0);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  });
});

describe('a free order (a coupon covers the whole price)', () => {
  it('a non-VIP with no balance completes it without the wallet: pay way FREE, no ledger entry', async () => {
    const coupon = await createCoupon(t, { type: 2, amount: 100, redemptionLimit: 1 });
    const buyer = await createCompanyBuyer(t);
    const order = await newOrder(buyer);

    // Nothing to collect online or by transfer: refused, and the order is left as it was.
    const online = await startOnline(buyer, order.sid, coupon.code);
    expect(online).toMatchObject({ status: 409, code: 4042 });
    const row = await orderRow(t, order.sid);
    expect(row).toMatchObject({ payWay: null, couponCode: null });
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 0, uses: 0 });

    const done = await payByWallet(t, buyer, order.sid, { code: coupon.code });
    expect(done.code).toBe(0);
    expect(done.data.order).toMatchObject({ status: 'PAYED', payWay: 'FREE', finalPrice: 0, couponDiscount: PRICE });
    const books = await walletBooks(t, buyer.sid);
    expect(books).toMatchObject({ ledger: 0, spends: 0, lots: 0 });
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderSid, order.sid));
    expect(entries).toHaveLength(0);
    expect(await orderRow(t, order.sid)).toMatchObject({ paidGateway: 'free', settlementKey: `free:${order.sid}` });
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });

    // Asking again answers the same completion.
    const again = await payByWallet(t, buyer, order.sid, { code: coupon.code });
    expect(again.code).toBe(0);
    expect(again.data.order.status).toBe('PAYED');

    // Another free order on the used-up coupon is refused, and without the coupon it costs money.
    const next = await newOrder(buyer);
    expect((await payByWallet(t, buyer, next.sid, { code: coupon.code })).code).toBe(4025);
    const notFree = await payByWallet(t, buyer, next.sid);
    expect(notFree.code).toBe(4011);
    expect((await orderRow(t, next.sid)).status).toBe('CREATED');
  });

  it('20 concurrent free completions on a limit-1 coupon: exactly one', async () => {
    const coupon = await createCoupon(t, { type: 2, amount: 100, redemptionLimit: 1 });
    const buyers = [];
    for (let i = 0; i < 20; i += 1) {
      const buyer = await createCompanyBuyer(t);
      buyers.push({ buyer, order: await newOrder(buyer) });
    }
    const results = await Promise.all(
      buyers.map(({ buyer, order }) => payByWallet(t, buyer, order.sid, { code: coupon.code })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 4023)).toBe(true);
    expect(await couponState(coupon.sid)).toEqual({ redeemedCount: 1, uses: 1 });
  }, 120_000);

  it('a sub-account completes a free order without asking its main account', async () => {
    const coupon = await createCoupon(t, { type: 2, amount: 100 });
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const order = await newOrder(sub);
    const done = await payByWallet(t, sub, order.sid, { code: coupon.code });
    expect(done.code).toBe(0);
    expect(done.data.order).toMatchObject({ status: 'PAYED', payWay: 'FREE' });
    // Without the coupon the same sub-account needs approval, as before.
    const paid = await newOrder(sub);
    expect((await payByWallet(t, sub, paid.sid)).code).toBe(4012);
  });
});

import {
  ADMIN_ORDER_API,
  ADMIN_REFUND_API,
  chinaDateOf,
  endpointUrl,
  LICENCE_API,
  ORDER_API,
  ORDER_PATHS,
  PAYMENT_API,
  PAYMENT_PATHS,
  pathUrl,
  USER_API,
  type TOnlinePayResponse,
  type TSandboxPayResponse,
} from '@gemstock/contract';
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLogs,
  demands,
  ledgerEntries,
  licences,
  materials as materialRows,
  orders,
  refunds,
} from '../../src/db/schema/index.js';
import { foldMaterialSales } from '../../src/modules/catalog/index.js';
import { AlipayGateway } from '../../src/payment-gateways/alipay.js';
import { PaymentGateways } from '../../src/payment-gateways/create-gateways.js';
import { WechatPayGateway } from '../../src/payment-gateways/wechat-pay.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import {
  createCompanyBuyer,
  createMaterials,
  fundWallet,
  orderRow,
  payByWallet,
  placeOrder,
  walletBooks,
} from '../helpers/money.js';
import {
  alipaySettings,
  FakeAlipayServer,
  FakeWechatServer,
  newRsaPair,
  wechatSettings,
  type AlipayKeys,
  type WechatKeys,
} from '../helpers/payment-gateways.js';
import { deliver } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { arrivalOfPrice } from '../helpers/transfer-arrival.js';

const key = () => randomUUID().replaceAll('-', '');

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Refunds on the embedded default: wallet payments, bank transfers and the sandbox gateway. */
describe('refunding an order (wallet, bank transfer, the sandbox)', () => {
  let t: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createTestOperator(t, '财务小王');
    // The sandbox settles refunds on its own timer; at once here, so the test need not wait.
    t.config.payments.sandboxRefundDelaySeconds = 0;
  });
  afterAll(async () => t.close());

  async function paidByWallet(specs: number[] = [2]) {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const materials = await createMaterials(t, specs.length);
    const order = await placeOrder(t, buyer, Object.fromEntries(materials.map((m, i) => [m.sid, specs[i]!])));
    expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
    // What the wallet paid: a VIP pays the member price, not the price placed.
    const paid = (await orderRow(t, order.sid)).priceCents;
    return { buyer, order, materials, paid };
  }

  /** The material's sales count (what the console's 销量最高 orders by), once the sales recorded are added. */
  async function salesOf(materialSid: string): Promise<number> {
    await foldMaterialSales(t.database.db);
    const [row] = await t.database.db
      .select({ sales: materialRows.salesCount })
      .from(materialRows)
      .where(eq(materialRows.sid, materialSid));
    return row!.sales;
  }

  /** A VIP recharge placed and paid by bank transfer, as a buyer makes one. */
  async function paidRecharge() {
    const buyer = await createCompanyBuyer(t);
    const placed = await injectApi(t, ORDER_API.placeWallet, { body: { price: 69_900 }, token: buyer.token });
    const sid = placed.data.order.sid;
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: sid } }),
      token: buyer.token,
      payload: {},
    });
    const confirmed = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: sid } }),
      token: operator.token,
      payload: await arrivalOfPrice(t, sid),
    });
    expect(confirmed.code, confirmed.raw).toBe(0);
    return { buyer, sid };
  }

  async function paidBySandbox() {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const pay = await t.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API.wechat, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    const paid = await t.call<TSandboxPayResponse>({
      method: 'POST',
      url: new URL(pay.data.link).pathname,
      payload: { result: 'SUCCESS' },
    });
    expect(paid.data.outcome).toBe('settled');
    return { buyer, order, material: m! };
  }

  it('previews what a refund does: the amount, the channel, the company and the licences that end', async () => {
    const { order, materials, paid } = await paidByWallet([2, 3]);
    const preview = await injectApi(t, ADMIN_REFUND_API.orderPreview, {
      params: { id: order.sid },
      token: operator.token,
    });
    expect(preview.status, preview.raw).toBe(200);
    expect(preview.data).toMatchObject({
      orderNo: order.orderNo,
      refundable: true,
      refusal: null,
      received: paid,
      amount: paid,
      amountEditable: false,
      channel: 'wallet',
      payee: { company: expect.any(String) },
      endsVip: false,
      refund: null,
    });
    expect(preview.data.licences.map((l) => l.materialSid).sort()).toEqual(materials.map((m) => m.sid).sort());
  });

  it('a wallet payment goes back to the wallet: the order is 已退款, its licences end, all audit-logged', async () => {
    const { buyer, order, materials, paid } = await paidByWallet();
    const before = await walletBooks(t, buyer.sid);
    expect(await salesOf(materials[0]!.sid)).toBe(1);
    const refunded = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body: { idempotencyKey: key(), reason: '买家误购，协商退款' },
      token: operator.token,
    });
    expect(refunded.status, refunded.raw).toBe(200);
    expect(refunded.data.refund).toMatchObject({
      orderSid: order.sid,
      channel: 'wallet',
      amount: paid,
      paid,
      status: 'SUCCEEDED',
      reason: '买家误购，协商退款',
      operator: '财务小王',
    });
    expect(await orderRow(t, order.sid)).toMatchObject({ status: 'REFUNDED', refundedCents: paid });

    // The money is back in the wallet, as a ledger entry.
    const after = await walletBooks(t, buyer.sid);
    expect(after.lots).toBe(before.lots + paid);
    // Both sides of the books agree: every entry moved its lot's remainder.
    expect(after.ledger).toBe(after.lots);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderSid, order.sid), eq(ledgerEntries.kind, 'refund')));
    expect(entries.reduce((sum, e) => sum + e.amountCents, 0)).toBe(paid);

    // The sale is taken back from the material's sales count.
    expect(await salesOf(materials[0]!.sid)).toBe(0);

    // The licence has ended: downloads are refused with a code, verification says revoked.
    const [licence] = await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid));
    expect(licence!.revokedAt).not.toBeNull();
    const download = await t.call({
      method: 'GET',
      url: endpointUrl(LICENCE_API.orderDownload, { params: { id: order.sid } }),
      token: buyer.token,
    });
    expect([download.status, download.code]).toEqual([403, 4168]);
    const single = await t.call({
      method: 'GET',
      url: endpointUrl(LICENCE_API.materialDownload, { params: { id: materials[0]!.sid } }),
      token: buyer.token,
    });
    expect(single.code).toBe(4168);
    const certificate = await t.call({
      method: 'GET',
      url: pathUrl(ORDER_PATHS.certificate, { id: order.sid, materialSid: materials[0]!.sid }),
      token: buyer.token,
    });
    expect(certificate.code).toBe(4168);
    const verify = await t.app.inject({
      method: 'GET',
      url: pathUrl(ORDER_PATHS.verifyCertificate, { certNo: licence!.certNo }),
    });
    expect(verify.body).toContain('该证书已撤销');
    expect(verify.body).not.toContain('证书有效');

    // The buyer sees it in 我的订单: 已退款 with the amount.
    const mine = await injectApi(t, ORDER_API.list, { query: { page: 1, page_size: 10 }, token: buyer.token });
    expect(mine.data.orders.find((o) => o.sid === order.sid)).toMatchObject({
      status: 'REFUNDED',
      refund: { amount: paid, status: 'SUCCEEDED', channel: 'wallet' },
    });

    const audit = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid));
    expect(audit.map((a) => a.action)).toEqual(['order.refund']);
    expect(audit[0]).toMatchObject({
      operatorSid: operator.sid,
      after: expect.objectContaining({ amountCents: paid }),
    });
  });

  it('the same request again answers the same refund; any other refund of the order is refused (4150)', async () => {
    const { order } = await paidByWallet();
    const idempotencyKey = key();
    const body = { idempotencyKey, reason: '重复提交' };
    const first = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body,
      token: operator.token,
    });
    const again = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body,
      token: operator.token,
    });
    expect(again.status).toBe(200);
    expect(again.data.refund.sid).toBe(first.data.refund.sid);
    const other = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body: { idempotencyKey: key(), reason: '再退一次' },
      token: operator.token,
    });
    expect([other.status, other.code]).toEqual([409, 4150]);
    // The key of this refund cannot be spent on another order.
    const { order: another } = await paidByWallet();
    const reused = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: another.sid },
      body,
      token: operator.token,
    });
    expect(reused.code).toBe(4161);
    expect((await orderRow(t, another.sid)).status).toBe('PAYED');
  });

  it('10 concurrent refunds of one payment make one refund, never above what was received', async () => {
    const { buyer, order, paid } = await paidByWallet();
    const before = await walletBooks(t, buyer.sid);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        injectApi(t, ADMIN_REFUND_API.refundOrder, {
          params: { id: order.sid },
          // Half send the same request (a double click), half are other operators' own.
          body: { idempotencyKey: i % 2 === 0 ? `same-request-${order.sid}` : key(), reason: `并发退款 ${i}` },
          token: operator.token,
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(new Set(ok.map((a) => a.data.refund.sid)).size).toBe(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.code === 4150)).toBe(true);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderSid, order.sid));
    expect(rows).toHaveLength(1);
    expect((await orderRow(t, order.sid)).refundedCents).toBe(paid);
    expect((await walletBooks(t, buyer.sid)).lots).toBe(before.lots + paid);
    // And the database refuses more than was received, whatever code would try.
    await expect(
      t.database.db
        .update(orders)
        .set({ refundedCents: sql`${orders.paidAmountCents} + 1` })
        .where(eq(orders.sid, order.sid)),
    ).rejects.toThrow();
  });

  it('an online payment through the sandbox is refunded asynchronously: 退款中, then 已退款 on its notification', async () => {
    const { buyer, order } = await paidBySandbox();
    const refunded = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body: { idempotencyKey: key(), reason: '素材与描述不符' },
      token: operator.token,
    });
    expect(refunded.status, refunded.raw).toBe(200);
    expect(refunded.data.refund).toMatchObject({ channel: 'sandbox', status: 'PROCESSING', amount: order.finalPrice });
    const settled = await waitFor(
      () => injectApi(t, ADMIN_REFUND_API.orderMoney, { params: { id: order.sid }, token: operator.token }),
      (res) => res.data.refund?.status === 'SUCCEEDED',
    );
    expect(settled.data.refund).toMatchObject({ status: 'SUCCEEDED', gatewayRefundId: expect.stringMatching(/^SBXR/) });
    const mine = await injectApi(t, ORDER_API.detail, { params: { id: order.sid }, token: buyer.token });
    expect(mine.data.order).toMatchObject({ status: 'REFUNDED', refund: { status: 'SUCCEEDED', channel: 'sandbox' } });
  });

  it('a bank-transfer order is refunded by bank: the serial number and the day are required', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: buyer.token,
      payload: {},
    });
    const confirmed = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } }),
      token: operator.token,
      payload: await arrivalOfPrice(t, order.sid),
    });
    expect(confirmed.code).toBe(0);
    const preview = await injectApi(t, ADMIN_REFUND_API.orderPreview, {
      params: { id: order.sid },
      token: operator.token,
    });
    expect(preview.data.channel).toBe('transfer');
    const withoutSerial = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body: { idempotencyKey: key(), reason: '对公退款' },
      token: operator.token,
    });
    expect(withoutSerial.code).toBe(4158);
    expect((await orderRow(t, order.sid)).status).toBe('PAYED');
    const paidOut = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body: { idempotencyKey: key(), reason: '对公退款', bankSerial: 'RFBANK0001', paidOutOn: chinaDateOf(new Date()) },
      token: operator.token,
    });
    expect(paidOut.data.refund).toMatchObject({ channel: 'transfer', status: 'SUCCEEDED', bankSerial: 'RFBANK0001' });
  });

  it('a VIP recharge is refunded only while none of it was spent; its month ends with it', async () => {
    const untouched = await paidRecharge();
    expect((await walletBooks(t, untouched.buyer.sid)).lots).toBe(69_900);
    const ok = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: untouched.sid },
      body: {
        idempotencyKey: key(),
        reason: '买家不再需要会员',
        bankSerial: 'RFVIP0001',
        paidOutOn: chinaDateOf(new Date()),
      },
      token: operator.token,
    });
    expect(ok.status, ok.raw).toBe(200);
    expect(await walletBooks(t, untouched.buyer.sid)).toMatchObject({ lots: 0, ledger: 0 });
    const me = await t.call<{ user: { isVip: boolean } }>({
      method: 'GET',
      url: endpointUrl(USER_API.me),
      token: untouched.buyer.token,
    });
    expect(me.data.user.isVip).toBe(false);

    const spent = await paidRecharge();
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, spent.buyer, { [m!.sid]: 3 });
    expect((await payByWallet(t, spent.buyer, order.sid)).code).toBe(0);
    const preview = await injectApi(t, ADMIN_REFUND_API.orderPreview, {
      params: { id: spent.sid },
      token: operator.token,
    });
    expect(preview.data).toMatchObject({ refundable: false, refusal: { code: 4155 } });
    const refused = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: spent.sid },
      body: { idempotencyKey: key(), reason: '退款', bankSerial: 'RFVIP0002', paidOutOn: chinaDateOf(new Date()) },
      token: operator.token,
    });
    expect(refused.code).toBe(4155);
    expect((await orderRow(t, spent.sid)).status).toBe('PAYED');
  });

  it('a custom design follows its stage: whole before drafts, an entered amount after, none once delivered', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const [m] = await createMaterials(t, 1);
    const placed = await injectApi(t, ORDER_API.placeCustom, { body: { material: m!.sid }, token: buyer.token });
    expect(placed.status, placed.raw).toBe(200);
    const order = placed.data.order;
    expect((await payByWallet(t, buyer, order.sid)).code).toBe(0);
    const paid = (await orderRow(t, order.sid)).priceCents;
    const stage = (status: string) =>
      t.database.db.update(demands).set({ status }).where(eq(demands.orderSid, order.sid));
    const refund = (body: { amount?: number }) =>
      injectApi(t, ADMIN_REFUND_API.refundOrder, {
        params: { id: order.sid },
        body: { idempotencyKey: key(), reason: '设计取消', ...body },
        token: operator.token,
      });

    await stage('DELIVERED');
    expect((await refund({})).code).toBe(4153);
    await stage('DRAFT_REVIEW');
    expect((await refund({})).code).toBe(4154);
    expect((await refund({ amount: paid + 1 })).code).toBe(4152);
    const preview = await injectApi(t, ADMIN_REFUND_API.orderPreview, {
      params: { id: order.sid },
      token: operator.token,
    });
    expect(preview.data).toMatchObject({
      amountEditable: true,
      maxAmount: paid,
      demandStatus: 'DRAFT_REVIEW',
    });
    const partial = await refund({ amount: paid - 1 });
    expect(partial.data.refund).toMatchObject({ amount: paid - 1, paid, status: 'SUCCEEDED' });
    const [demand] = await t.database.db.select().from(demands).where(eq(demands.orderSid, order.sid));
    expect(demand).toMatchObject({ status: 'CANCELLED', cancelReason: '订单已退款' });
  });

  it('before any draft only the whole amount goes back', async () => {
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 1_000_000);
    const [m] = await createMaterials(t, 1);
    const placed = await injectApi(t, ORDER_API.placeCustom, { body: { material: m!.sid }, token: buyer.token });
    expect((await payByWallet(t, buyer, placed.data.order.sid)).code).toBe(0);
    const body = { idempotencyKey: key(), reason: '未开始设计', amount: 100 };
    const partial = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: placed.data.order.sid },
      body,
      token: operator.token,
    });
    expect(partial.code).toBe(4152);
    const whole = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: placed.data.order.sid },
      body: { idempotencyKey: key(), reason: '未开始设计' },
      token: operator.token,
    });
    expect(whole.data.refund.amount).toBe((await orderRow(t, placed.data.order.sid)).priceCents);
  });

  it('an upgraded licence is refunded after its upgrade (4156); nothing is refunded of an unpaid order (4150)', async () => {
    const { order } = await paidByWallet();
    await t.database.db
      .update(licences)
      .set({ supersededByCertNo: 'GS-20260101-UPGRADED', supersededAt: new Date() })
      .where(eq(licences.orderSid, order.sid));
    const upgraded = await injectApi(t, ADMIN_REFUND_API.orderPreview, {
      params: { id: order.sid },
      token: operator.token,
    });
    expect(upgraded.data).toMatchObject({ refundable: false, refusal: { code: 4156 } });

    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const unpaid = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const refused = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: unpaid.sid },
      body: { idempotencyKey: key(), reason: '未支付' },
      token: operator.token,
    });
    expect([refused.status, refused.code]).toEqual([409, 4150]);
  });

  it('only operators refund; a reason is required; nothing changes on bad input', async () => {
    const { buyer, order } = await paidByWallet();
    const url = endpointUrl(ADMIN_REFUND_API.refundOrder, { params: { id: order.sid } });
    const asBuyer = await t.call({
      method: 'POST',
      url,
      token: buyer.token,
      payload: { idempotencyKey: key(), reason: 'x' },
    });
    expect(asBuyer.status).toBe(401);
    const noReason = await t.call({
      method: 'POST',
      url,
      token: operator.token,
      payload: { idempotencyKey: key(), reason: ' ' },
    });
    expect([noReason.status, noReason.code]).toEqual([400, 1001]);
    const badKey = await t.call({
      method: 'POST',
      url,
      token: operator.token,
      payload: { idempotencyKey: '1', reason: '退款' },
    });
    expect(badKey.code).toBe(1001);
    expect((await orderRow(t, order.sid)).status).toBe('PAYED');
  });
});

/** The real WeChat Pay and Alipay adapters against their stand-ins: refunds through the gateway's refund API. */
describe('refunding an online payment through WeChat Pay and Alipay', () => {
  let t: TestApp;
  let operator: TestOperator;
  let wechatKeys: WechatKeys;
  let alipayKeys: AlipayKeys;
  let wechat: FakeWechatServer;
  let alipay: FakeAlipayServer;

  beforeAll(async () => {
    wechatKeys = { merchant: newRsaPair(), platform: newRsaPair() };
    alipayKeys = { app: newRsaPair(), alipay: newRsaPair() };
    wechat = new FakeWechatServer(wechatKeys);
    alipay = new FakeAlipayServer(alipayKeys);
    t = await buildTestApp(
      {},
      {
        payments: () =>
          new PaymentGateways({
            WECHAT: new WechatPayGateway(wechatSettings(wechatKeys), wechat.fetch),
            ALIPAY: new AlipayGateway(alipaySettings(alipayKeys), alipay.fetch),
          }),
      },
    );
    operator = await createTestOperator(t);
  });
  afterAll(async () => t.close());

  async function paidOnline(way: 'wechat' | 'alipay') {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const pay = await t.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API[way], { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    expect(pay.status, pay.raw).toBe(200);
    if (way === 'wechat') {
      const outTradeNo = [...wechat.trades.values()].find((tr) => tr.link === pay.data.link)!.outTradeNo;
      expect((await deliver(t, PAYMENT_PATHS.notifyWechat, wechat.pay(outTradeNo))).statusCode).toBe(204);
    } else {
      expect((await deliver(t, PAYMENT_PATHS.notifyAlipay, alipay.payLink(pay.data.link))).body).toBe('success');
    }
    expect((await orderRow(t, order.sid)).status).toBe('PAYED');
    return { buyer, order };
  }

  it('WeChat Pay: the refund API is asked once, 退款中 until REFUND.SUCCESS arrives', async () => {
    const { buyer, order } = await paidOnline('wechat');
    const refunded = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body: { idempotencyKey: key(), reason: '买家申请退款' },
      token: operator.token,
    });
    expect(refunded.data.refund).toMatchObject({ channel: 'wechat', status: 'PROCESSING', amount: order.finalPrice });
    const asked = wechat.requests.filter((r) => r.path === '/v3/refund/domestic/refunds');
    expect(asked).toHaveLength(1);
    expect(JSON.parse(asked[0]!.body)).toMatchObject({
      out_refund_no: refunded.data.refund.refundNo,
      amount: { refund: order.finalPrice, total: order.finalPrice, currency: 'CNY' },
    });
    const mine = await injectApi(t, ORDER_API.detail, { params: { id: order.sid }, token: buyer.token });
    expect(mine.data.order.refund).toMatchObject({ status: 'PROCESSING' });

    const notice = wechat.settleRefund(refunded.data.refund.refundNo);
    expect((await deliver(t, PAYMENT_PATHS.refundNotifyWechat, notice)).statusCode).toBe(204);
    // Delivered twice, it changes nothing the second time.
    expect((await deliver(t, PAYMENT_PATHS.refundNotifyWechat, notice)).statusCode).toBe(204);
    const money = await injectApi(t, ADMIN_REFUND_API.orderMoney, { params: { id: order.sid }, token: operator.token });
    expect(money.data.refund).toMatchObject({ status: 'SUCCEEDED', settledAt: expect.any(String) });
  });

  it('10 concurrent refunds of one WeChat payment: one refund asked of WeChat, never above what was received', async () => {
    const { order } = await paidOnline('wechat');
    const before = wechat.requests.filter((r) => r.path === '/v3/refund/domestic/refunds').length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        injectApi(t, ADMIN_REFUND_API.refundOrder, {
          params: { id: order.sid },
          body: { idempotencyKey: key(), reason: `并发退款 ${i}` },
          token: operator.token,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.code)).toEqual(Array(9).fill(4150));
    expect(wechat.requests.filter((r) => r.path === '/v3/refund/domestic/refunds').length - before).toBe(1);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderSid, order.sid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountCents).toBe(order.finalPrice);
    expect((await orderRow(t, order.sid)).refundedCents).toBe(order.finalPrice);
  });

  it('a refund WeChat refuses is 退款失败; the operator asks again, or records it paid out by bank', async () => {
    const { order } = await paidOnline('wechat');
    wechat.isShortOfFunds = true;
    let refused;
    try {
      refused = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
        params: { id: order.sid },
        body: { idempotencyKey: key(), reason: '退款' },
        token: operator.token,
      });
    } finally {
      wechat.isShortOfFunds = false;
    }
    expect(refused.data.refund).toMatchObject({ status: 'FAILED', failure: 'NOT_ENOUGH 基本账户余额不足' });
    expect((await orderRow(t, order.sid)).status).toBe('REFUNDED');

    const retried = await injectApi(t, ADMIN_REFUND_API.retry, {
      params: { id: refused.data.refund.sid },
      body: { note: '已充值商户余额' },
      token: operator.token,
    });
    expect(retried.data.refund.status).toBe('PROCESSING');
    expect(retried.data.refund.refundNo).not.toBe(refused.data.refund.refundNo);
    const twice = await injectApi(t, ADMIN_REFUND_API.retry, {
      params: { id: refused.data.refund.sid },
      body: { note: '再试' },
      token: operator.token,
    });
    expect(twice.code).toBe(4160);

    // A refund WeChat closes can be paid out by bank instead.
    const closed = wechat.settleRefund(retried.data.refund.refundNo, 'CLOSED');
    expect((await deliver(t, PAYMENT_PATHS.refundNotifyWechat, closed)).statusCode).toBe(204);
    const paidOut = await injectApi(t, ADMIN_REFUND_API.paidOut, {
      params: { id: refused.data.refund.sid },
      body: { bankSerial: 'RFB20260101', paidOutOn: chinaDateOf(new Date()), note: '线下转账退回' },
      token: operator.token,
    });
    expect(paidOut.data.refund).toMatchObject({ status: 'SUCCEEDED', channel: 'transfer', bankSerial: 'RFB20260101' });
    const actions = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid));
    expect(actions.map((a) => a.action)).toEqual(['order.refund', 'refund.retry', 'refund.paid_out']);
  });

  it('Alipay answers the refund itself: 已退款 at once', async () => {
    const { order } = await paidOnline('alipay');
    const refunded = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
      params: { id: order.sid },
      body: { idempotencyKey: key(), reason: '买家申请退款' },
      token: operator.token,
    });
    expect(refunded.data.refund).toMatchObject({ channel: 'alipay', status: 'SUCCEEDED', amount: order.finalPrice });
    expect(alipay.requests.at(-1)).toMatchObject({ method: 'alipay.trade.refund', authorized: true });
  });

  it('a refund whose answer was lost is asked about (查询) and settled from the answer', async () => {
    const { order } = await paidOnline('wechat');
    wechat.isDown = true;
    let refunded;
    try {
      refunded = await injectApi(t, ADMIN_REFUND_API.refundOrder, {
        params: { id: order.sid },
        body: { idempotencyKey: key(), reason: '退款' },
        token: operator.token,
      });
    } finally {
      wechat.isDown = false;
    }
    // WeChat never got it: still PROCESSING, and 查询 asks for it again under the same number.
    expect(refunded.data.refund.status).toBe('PROCESSING');
    const synced = await injectApi(t, ADMIN_REFUND_API.sync, {
      params: { id: refunded.data.refund.sid },
      token: operator.token,
    });
    expect(synced.data.refund.status).toBe('PROCESSING');
    expect(wechat.refunds.get(refunded.data.refund.refundNo)).toBeDefined();
    wechat.settleRefund(refunded.data.refund.refundNo);
    const settled = await injectApi(t, ADMIN_REFUND_API.sync, {
      params: { id: refunded.data.refund.sid },
      token: operator.token,
    });
    expect(settled.data.refund.status).toBe('SUCCEEDED');
  });
});

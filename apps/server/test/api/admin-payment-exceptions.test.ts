import {
  ADMIN_ORDER_API,
  ADMIN_PAYMENT_API,
  ADMIN_REFUND_API,
  ORDER_API,
  PAYMENT_API,
  chinaDateOf,
  endpointUrl,
  type TOnlinePayResponse,
  type TSandboxPayResponse,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, refunds } from '../../src/db/schema/index.js';
import { markOrderCancelled } from '../../src/modules/order/order.repository.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, createMaterials, orderRow, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { newBankSerial } from '../helpers/transfer-arrival.js';

const key = () => randomUUID().replaceAll('-', '');

/** 支付异常: each gets a state — 待处理, 已退款 (its money refunded), 已处理 (resolved with a note). */
describe('payment exceptions', () => {
  let t: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createTestOperator(t, '财务小李');
    t.config.payments.sandboxRefundDelaySeconds = 0;
  });
  afterAll(async () => t.close());

  /** Money paid through the sandbox for an order that was cancelled meanwhile: an exception. */
  async function paidAfterCancel() {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const pay = await t.call<TOnlinePayResponse>({
      method: 'POST',
      url: endpointUrl(PAYMENT_API.wechat, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    await markOrderCancelled(t.database.db, order.sid, 'CREATED');
    const paid = await t.call<TSandboxPayResponse>({
      method: 'POST',
      url: new URL(pay.data.link).pathname,
      payload: { result: 'SUCCESS' },
    });
    expect(paid.data.outcome).toBe('exception');
    const list = await injectApi(t, ADMIN_PAYMENT_API.exceptions, {
      query: { page: 1, page_size: 50, status: 'PENDING' },
      token: operator.token,
    });
    const exception = list.data.exceptions.find((e) => e.orderSid === order.sid)!;
    return { order, exception };
  }

  it('lists an exception as 待处理, with what arrived; filtered by state', async () => {
    const { order, exception } = await paidAfterCancel();
    expect(exception).toMatchObject({
      reason: 'order_cancelled',
      gateway: 'sandbox',
      amount: order.finalPrice,
      status: 'PENDING',
      note: null,
      operator: null,
      refund: null,
    });
    const handled = await injectApi(t, ADMIN_PAYMENT_API.exceptions, {
      query: { page: 1, page_size: 50, status: 'HANDLED' },
      token: operator.token,
    });
    expect(handled.data.exceptions.some((e) => e.id === exception.id)).toBe(false);
    const bad = await t.call({
      method: 'GET',
      url: endpointUrl(ADMIN_PAYMENT_API.exceptions, { query: { status: 'DONE' } }),
      token: operator.token,
    });
    expect([bad.status, bad.code]).toEqual([400, 1001]);
  });

  it('已处理 needs a note, records the operator and the time, and is final', async () => {
    const { exception } = await paidAfterCancel();
    const params = { id: String(exception.id) };
    const noNote = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_REFUND_API.handleException, { params }),
      token: operator.token,
      payload: { note: '  ' },
    });
    expect([noNote.status, noNote.code]).toEqual([400, 1001]);
    const handled = await injectApi(t, ADMIN_REFUND_API.handleException, {
      params,
      body: { note: '买家要求保留订单，已人工补发授权' },
      token: operator.token,
    });
    expect(handled.status, handled.raw).toBe(200);
    expect(handled.data.exception).toMatchObject({
      status: 'HANDLED',
      note: '买家要求保留订单，已人工补发授权',
      operator: '财务小李',
      handledAt: expect.any(String),
    });
    const again = await injectApi(t, ADMIN_REFUND_API.handleException, {
      params,
      body: { note: '再次处理' },
      token: operator.token,
    });
    expect([again.status, again.code]).toEqual([409, 4163]);
    const refund = await injectApi(t, ADMIN_REFUND_API.refundException, {
      params,
      body: { idempotencyKey: key(), reason: '退款' },
      token: operator.token,
    });
    expect(refund.code).toBe(4163);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.entitySid, String(exception.id)));
    expect(audit.map((a) => a.action)).toEqual(['payment_exception.handle']);
  });

  it('退款 gives the money back through the gateway that took it; the exception is 已退款, the order stays as it is', async () => {
    const { order, exception } = await paidAfterCancel();
    const refunded = await injectApi(t, ADMIN_REFUND_API.refundException, {
      params: { id: String(exception.id) },
      body: { idempotencyKey: key(), reason: '订单已取消，原路退回' },
      token: operator.token,
    });
    expect(refunded.status, refunded.raw).toBe(200);
    expect(refunded.data.exception).toMatchObject({
      status: 'REFUNDED',
      note: '订单已取消，原路退回',
      refund: { channel: 'sandbox', amount: order.finalPrice, exceptionId: exception.id },
    });
    expect((await orderRow(t, order.sid)).status).toBe('CANCELLED');
    // The sandbox settles it a moment later.
    const until = Date.now() + 5000;
    let status = refunded.data.exception.refund!.status;
    while (status !== 'SUCCEEDED' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const [row] = await t.database.db.select().from(refunds).where(eq(refunds.exceptionId, exception.id));
      status = row!.status as typeof status;
    }
    expect(status).toBe('SUCCEEDED');
    const listed = await injectApi(t, ADMIN_PAYMENT_API.exceptions, {
      query: { page: 1, page_size: 50, status: 'REFUNDED' },
      token: operator.token,
    });
    expect(listed.data.exceptions.find((e) => e.id === exception.id)?.refund?.status).toBe('SUCCEEDED');
  });

  it('10 concurrent refunds of one exception make one refund of its amount', async () => {
    const { order, exception } = await paidAfterCancel();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        injectApi(t, ADMIN_REFUND_API.refundException, {
          params: { id: String(exception.id) },
          body: { idempotencyKey: key(), reason: '并发退款' },
          token: operator.token,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).every((a) => a.code === 4163)).toBe(true);
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.exceptionId, exception.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountCents).toBe(order.finalPrice);
  });

  it('a transfer paid over the price: the excess is an exception, paid back by bank with its serial', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: buyer.token,
      payload: {},
    });
    const over = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } }),
      token: operator.token,
      payload: {
        amount: order.finalPrice + 5_000,
        arrivedOn: chinaDateOf(new Date()),
        bankSerial: newBankSerial(),
        note: '客户多转 50 元',
        acceptDifference: true,
      },
    });
    expect(over.code, over.raw).toBe(0);
    const list = await injectApi(t, ADMIN_PAYMENT_API.exceptions, {
      query: { page: 1, page_size: 50, status: 'PENDING' },
      token: operator.token,
    });
    const exception = list.data.exceptions.find((e) => e.orderSid === order.sid)!;
    expect(exception).toMatchObject({ gateway: 'transfer', reason: 'transfer_overpaid', amount: 5_000 });
    const params = { id: String(exception.id) };
    const noSerial = await injectApi(t, ADMIN_REFUND_API.refundException, {
      params,
      body: { idempotencyKey: key(), reason: '退回多付' },
      token: operator.token,
    });
    expect(noSerial.code).toBe(4158);
    const paidBack = await injectApi(t, ADMIN_REFUND_API.refundException, {
      params,
      body: { idempotencyKey: key(), reason: '退回多付', bankSerial: 'RFOVER001', paidOutOn: chinaDateOf(new Date()) },
      token: operator.token,
    });
    expect(paidBack.data.exception).toMatchObject({
      status: 'REFUNDED',
      refund: { channel: 'transfer', amount: 5_000, status: 'SUCCEEDED', bankSerial: 'RFOVER001' },
    });
  });

  it('is for operators only', async () => {
    const buyer = await createCompanyBuyer(t);
    const res = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_REFUND_API.handleException, { params: { id: '1' } }),
      token: buyer.token,
      payload: { note: 'x' },
    });
    expect(res.status).toBe(401);
    const missing = await injectApi(t, ADMIN_REFUND_API.handleException, {
      params: { id: '999999' },
      body: { note: '不存在' },
      token: operator.token,
    });
    expect([missing.status, missing.code]).toEqual([404, 4162]);
  });
});

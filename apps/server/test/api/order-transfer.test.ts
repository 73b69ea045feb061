import {
  ADMIN_ORDER_API,
  ADMIN_REFUND_API,
  chinaDateOf,
  endpointUrl,
  ORDER_API,
  USER_API,
  type TAdminOrderListResponse,
  type TConfirmTransferResponse,
  type TMeResponse,
  type TOrderMoneyResponse,
  type TOrderResponse,
  type TTransferResponse,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, licences } from '../../src/db/schema/index.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createCompanyBuyer, createMaterials, orderRow, placeOrder } from '../helpers/money.js';
import { arrivalOfPrice, newBankSerial } from '../helpers/transfer-arrival.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let operator: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createTestOperator(t);
});
afterAll(async () => t.close());

const confirm = async (sid: string, note = '已核对到账', bankSerial?: string) =>
  t.call<TOrderResponse>({
    method: 'POST',
    url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: sid } }),
    token: operator.token,
    payload: await arrivalOfPrice(t, sid, note, bankSerial),
  });

describe('bank transfer', () => {
  it('gives the payee and a per-order reference; the order waits for the operator', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const res = await t.call<TTransferResponse>({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { code: null, referer: null },
    });
    expect(res.code).toBe(0);
    expect(res.data.info).toMatchObject({ reference: order.orderNo, amount: 29_800, orderNo: order.orderNo });
    expect(res.data.info.name).toContain('演示');
    expect(res.data.info.notes).toContain(order.orderNo);
    expect(res.data.order).toMatchObject({ status: 'CREATED', payWay: 'TRANSFER' });
    const again = await t.call<TTransferResponse>({
      method: 'GET',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: buyer.token,
    });
    expect(again.data.info).toEqual(res.data.info);
  });

  it('completes when the operator confirms (audit-logged, idempotent) and licenses the materials', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 1 });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: buyer.token,
      payload: {},
    });
    const first = await confirm(order.sid, '已核对到账', 'BK-REPEAT-1');
    expect(first.code).toBe(0);
    expect(first.data.order).toMatchObject({ status: 'PAYED', payWay: 'TRANSFER', finalPrice: 39_800 });
    // The same statement line sent again is the same arrival; another line for a paid order is refused.
    const second = await confirm(order.sid, '重复确认', 'BK-REPEAT-1');
    expect(second.code).toBe(0);
    expect((await confirm(order.sid, '另一笔')).code).toBe(4016);
    expect(await t.database.db.select().from(licences).where(eq(licences.orderSid, order.sid))).toHaveLength(1);
    const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid));
    expect(logs.map((l) => l.action)).toEqual(['order.confirm_transfer']);
    expect(logs[0]!.operatorSid).toBe(operator.sid);
  });

  it('a confirmed recharge by transfer funds the wallet for a month', async () => {
    const buyer = await createCompanyBuyer(t);
    const recharge = await t.call<TOrderResponse>({
      method: 'POST',
      url: endpointUrl(ORDER_API.placeWallet),
      token: buyer.token,
      payload: { price: 69_900 },
    });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: recharge.data.order.sid } }),
      token: buyer.token,
      payload: {},
    });
    expect((await confirm(recharge.data.order.sid)).code).toBe(0);
    const me = await t.call<TMeResponse>({ method: 'GET', url: endpointUrl(USER_API.me), token: buyer.token });
    expect(me.data.user).toMatchObject({ walletBalance: 69_900, isVip: true });
    const days = (Date.parse(me.data.user.vipValidBefore!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThanOrEqual(31);
  });

  it('a rejected transfer leaves the order payable by other means, with the note in the audit log', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: buyer.token,
      payload: {},
    });
    const rejected = await t.call<TOrderResponse>({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.rejectTransfer, { params: { id: order.sid } }),
      token: operator.token,
      payload: { note: '未查到该笔款项' },
    });
    expect(rejected.data.order).toMatchObject({ status: 'CREATED', payWay: null });
    const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid));
    expect(logs[0]).toMatchObject({ action: 'order.reject_transfer' });
    expect((await confirm(order.sid)).code).toBe(4016);
  });

  it('only operators decide, only on transfer orders, and notes are required', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const asBuyer = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } }),
      token: buyer.token,
      payload: { note: 'x' },
    });
    expect(asBuyer.status).toBe(401);
    expect((await confirm(order.sid)).code).toBe(4016);
    const noNote = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: order.sid } }),
      token: operator.token,
      payload: { note: '  ' },
    });
    expect(noNote.status).toBe(400);
    expect((await orderRow(t, order.sid)).status).toBe('CREATED');
  });

  it('lists the transfer queue for operators, searchable by order number and company', async () => {
    const buyer = await createCompanyBuyer(t);
    const [m1, m2] = await createMaterials(t, 2);
    const waiting = await placeOrder(t, buyer, { [m1!.sid]: 2 });
    const other = await placeOrder(t, buyer, { [m2!.sid]: 2 });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: waiting.sid } }),
      token: buyer.token,
      payload: {},
    });
    const queue = await t.call<TAdminOrderListResponse>({
      method: 'GET',
      url: endpointUrl(ADMIN_ORDER_API.list, { query: { status: 'CREATED', pay_way: 'TRANSFER', q: waiting.orderNo } }),
      token: operator.token,
    });
    expect(queue.code).toBe(0);
    expect(queue.data.total).toBe(1);
    expect(queue.data.orders[0]).toMatchObject({
      sid: waiting.sid,
      transferReference: waiting.orderNo,
      buyer: { sid: buyer.sid },
      finalPrice: 29_800,
    });
    const byCompany = await t.call<TAdminOrderListResponse>({
      method: 'GET',
      url: endpointUrl(ADMIN_ORDER_API.list, { query: { q: '鑫鎏', page_size: 60 } }),
      token: operator.token,
    });
    expect(byCompany.data.orders.map((o) => o.sid)).toEqual(expect.arrayContaining([waiting.sid, other.sid]));
    const one = await t.call<{ order: { sid: string } }>({
      method: 'GET',
      url: endpointUrl(ADMIN_ORDER_API.detail, { params: { id: other.sid } }),
      token: operator.token,
    });
    expect(one.data.order.sid).toBe(other.sid);
    expect((await t.call({ method: 'GET', url: endpointUrl(ADMIN_ORDER_API.list), token: buyer.token })).status).toBe(
      401,
    );
    expect(
      (
        await t.call({
          method: 'GET',
          url: endpointUrl(ADMIN_ORDER_API.list, { query: { q: '%' } }),
          token: operator.token,
        })
      ).code,
    ).toBe(0);
  });

  it('shows another account nothing', async () => {
    const buyer = await createCompanyBuyer(t);
    const stranger = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    const res = await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: stranger.token,
      payload: {},
    });
    expect(res.status).toBe(404);
    expect((await orderRow(t, order.sid)).payWay).toBeNull();
  });
});

describe('确认到账: what arrived, when, under which bank serial', () => {
  async function transferOrder() {
    const buyer = await createCompanyBuyer(t);
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await t.call({
      method: 'POST',
      url: endpointUrl(ORDER_API.startTransfer, { params: { id: order.sid } }),
      token: buyer.token,
      payload: {},
    });
    return order;
  }

  const arrive = (sid: string, body: Record<string, unknown>) =>
    t.call<TConfirmTransferResponse>({
      method: 'POST',
      url: endpointUrl(ADMIN_ORDER_API.confirmTransfer, { params: { id: sid } }),
      token: operator.token,
      payload: { arrivedOn: chinaDateOf(new Date()), note: '银行流水核对', ...body },
    });

  const money = (sid: string) =>
    t.call<TOrderMoneyResponse>({
      method: 'GET',
      url: endpointUrl(ADMIN_REFUND_API.orderMoney, { params: { id: sid } }),
      token: operator.token,
    });

  it('an amount other than what the order waits for asks for a decision; until then nothing is recorded', async () => {
    const order = await transferOrder();
    const differs = await arrive(order.sid, { amount: order.finalPrice - 100, bankSerial: newBankSerial() });
    expect([differs.status, differs.code]).toEqual([409, 4166]);
    expect(differs.message).toContain('¥297.00');
    expect((await orderRow(t, order.sid)).status).toBe('CREATED');
    expect((await money(order.sid)).data).toMatchObject({ received: 0, arrivals: [] });
  });

  it('short: the arrival is recorded and the order keeps waiting for the rest, which then settles it', async () => {
    const order = await transferOrder();
    const first = await arrive(order.sid, {
      amount: 20_000,
      bankSerial: 'BKPART0001',
      note: '客户分两笔转账，第一笔',
      acceptDifference: true,
    });
    expect(first.status, first.raw).toBe(200);
    expect(first.data).toMatchObject({
      received: 20_000,
      due: order.finalPrice - 20_000,
      overpaid: 0,
      arrival: { amount: 20_000, bankSerial: 'BKPART0001', outcome: 'partial' },
      order: { status: 'CREATED' },
    });
    // The rest, exactly what is still due, needs no decision.
    const rest = await arrive(order.sid, { amount: order.finalPrice - 20_000, bankSerial: 'BKPART0002' });
    expect(rest.data).toMatchObject({ received: order.finalPrice, due: 0, overpaid: 0, order: { status: 'PAYED' } });
    const recorded = await money(order.sid);
    expect(recorded.data.received).toBe(order.finalPrice);
    expect(recorded.data.arrivals.map((a) => [a.bankSerial, a.outcome])).toEqual([
      ['BKPART0001', 'partial'],
      ['BKPART0002', 'settled'],
    ]);
    const logs = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, order.sid));
    expect(logs.map((l) => l.action)).toEqual(['order.transfer_partial', 'order.confirm_transfer']);
  });

  it('over: the order is settled and the difference recorded for a refund', async () => {
    const order = await transferOrder();
    const over = await arrive(order.sid, {
      amount: order.finalPrice + 1_000,
      bankSerial: newBankSerial(),
      acceptDifference: true,
    });
    expect(over.data).toMatchObject({
      overpaid: 1_000,
      due: 0,
      order: { status: 'PAYED' },
      arrival: { outcome: 'overpaid' },
    });
    expect((await orderRow(t, order.sid)).paidAmountCents).toBe(order.finalPrice);
  });

  it('a bank serial is counted once; a future day and missing fields are refused', async () => {
    const first = await transferOrder();
    const second = await transferOrder();
    expect((await arrive(first.sid, { amount: first.finalPrice, bankSerial: 'BKONCE0001' })).code).toBe(0);
    const reused = await arrive(second.sid, { amount: second.finalPrice, bankSerial: 'BKONCE0001' });
    expect([reused.status, reused.code]).toEqual([409, 4167]);
    const tomorrow = chinaDateOf(new Date(Date.now() + 2 * 86_400_000));
    const future = await arrive(second.sid, {
      amount: second.finalPrice,
      bankSerial: newBankSerial(),
      arrivedOn: tomorrow,
    });
    expect([future.status, future.code]).toEqual([400, 1001]);
    const noSerial = await arrive(second.sid, { amount: second.finalPrice });
    expect([noSerial.status, noSerial.code]).toEqual([400, 1001]);
    expect((await orderRow(t, second.sid)).status).toBe('CREATED');
  });
});

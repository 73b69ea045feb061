import {
  ADMIN_INVOICE_API,
  ADMIN_INVOICE_FILE_PATH,
  INVOICE_API,
  type TAdminInvoice,
  type TInvoice,
  ADMIN_AUDIT_API,
  ORDER_API,
  endpointUrl,
} from '@gemstock/contract';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOrders, invoices, outboxMessages, users } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, insertPaidOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/*
 * Voiding (作废) and reversing (红冲) an issued invoice, and issuing the right one (decision 0025).
 * The provider's side (INVOICE_PROVIDER=http) is in invoice-provider.test.ts.
 */

const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

const SPECIAL = {
  type: 'SPECIAL',
  title: '上海鑫鎏珠宝有限公司',
  number: '91310000MA1FL0XX2F',
  address: '上海市黄浦区南京东路 100 号',
  phone: '021-63210000',
  bank: '招商银行上海南京东路支行',
  account: '121909876510601',
} as const;

let t: TestApp;
let ops: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await createTestOperator(t);
});
afterAll(async () => {
  await t.close();
});

async function paidOrder(buyer: TestBuyer, priceCents: number): Promise<{ sid: string; orderNo: string }> {
  return insertPaidOrder(t, { ownerSid: buyer.sid, priceCents });
}

/** Two paid orders of one company on one issued 专票. */
async function issuedInvoice(): Promise<{
  buyer: TestBuyer;
  a: { sid: string; orderNo: string };
  b: { sid: string; orderNo: string };
  invoice: TInvoice;
}> {
  const buyer = await createCompanyBuyer(t);
  const a = await paidOrder(buyer, 19_800);
  const b = await paidOrder(buyer, 29_800);
  const requested = await injectApi(t, INVOICE_API.request, {
    params: { id: a.sid },
    body: { ...SPECIAL, orders: [b.sid] },
    token: buyer.token,
  });
  expect(requested.code).toBe(0);
  const issued = await t.call<TAdminInvoice>({
    method: 'PUT',
    url: ADMIN_INVOICE_FILE_PATH.replace(':id', requested.data.sid),
    token: ops.token,
    headers: { 'content-type': 'application/pdf' },
    payload: SAMPLE_PDF,
  });
  expect(issued.code).toBe(0);
  return { buyer, a, b, invoice: issued.data };
}

async function lastNoticeTo(buyer: TestBuyer) {
  const [account] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
  const [notice] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, account!.email!))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return notice;
}

async function orderInvoiceOf(buyer: TestBuyer, orderSid: string) {
  const list = await injectApi(t, ORDER_API.list, { query: { page: '1', page_size: '20' }, token: buyer.token });
  return list.data.orders.find((o) => o.sid === orderSid)?.invoice;
}

describe('POST /api/admin/invoices/{id}/void', () => {
  it('红冲 with a reason: recorded and audited, the buyer told, and the right invoice queued for the same orders', async () => {
    const { buyer, a, b, invoice } = await issuedInvoice();
    const res = await injectApi(t, ADMIN_INVOICE_API.void, {
      params: { id: invoice.sid },
      body: { kind: 'REVERSED', reason: '金额开错，应为两笔订单合计' },
      token: ops.token,
    });
    expect(res.code).toBe(0);
    expect(res.data.voided).toMatchObject({
      sid: invoice.sid,
      status: 'REVERSED',
      voidReason: '金额开错，应为两笔订单合计',
      replacedBySid: res.data.replacement?.sid,
    });
    expect(res.data.voided.voidedAt).not.toBeNull();
    // The replacement: the same request, waiting, promised by the first one's date, tied to it.
    expect(res.data.replacement).toMatchObject({
      status: 'REQUESTED',
      type: 'SPECIAL',
      title: SPECIAL.title,
      number: SPECIAL.number,
      bank: SPECIAL.bank,
      account: SPECIAL.account,
      amount: 19_800 + 29_800,
      orderNos: [a.orderNo, b.orderNo].sort(),
      dueAt: invoice.dueAt,
      key: null,
      replaces: { sid: invoice.sid, status: 'REVERSED', voidReason: '金额开错，应为两笔订单合计' },
    });

    // Nothing is deleted: the withdrawn invoice keeps its PDF key and its orders, now inactive.
    const [old] = await t.database.db.select().from(invoices).where(eq(invoices.sid, invoice.sid));
    expect(old).toMatchObject({ status: 'REVERSED', fileKey: invoice.key, voidedBySid: ops.sid });
    const lines = await t.database.db.select().from(invoiceOrders).where(eq(invoiceOrders.orderSid, a.sid));
    expect(lines.map((l) => [l.invoiceSid, l.active]).sort()).toEqual(
      [
        [invoice.sid, false],
        [res.data.replacement!.sid, true],
      ].sort(),
    );

    const audit = await injectApi(t, ADMIN_AUDIT_API.list, {
      query: { entity: 'invoice', q: invoice.sid },
      token: ops.token,
    });
    const entry = audit.data.entries.find((e) => e.action === 'invoice.reverse');
    expect(entry?.after).toMatchObject({
      status: 'REVERSED',
      reason: '金额开错，应为两笔订单合计',
      replacementSid: res.data.replacement!.sid,
    });

    const notice = await lastNoticeTo(buyer);
    expect(notice?.text).toContain('已红冲');
    expect(notice?.text).toContain('金额开错，应为两笔订单合计');
    expect(notice?.text).toContain('重新开具');

    // The buyer's order shows the replacement and what became of the first invoice.
    expect(await orderInvoiceOf(buyer, b.sid)).toMatchObject({
      sid: res.data.replacement!.sid,
      status: 'REQUESTED',
      replaces: { status: 'REVERSED', voidReason: '金额开错，应为两笔订单合计' },
    });
    // The orders are on the replacement: no second request for them.
    const again = await injectApi(t, INVOICE_API.request, {
      params: { id: a.sid },
      body: SPECIAL,
      token: buyer.token,
    });
    expect(again.code).toBe(4102);

    // The operator issues the right one; the buyer downloads it.
    const reissued = await t.call<TAdminInvoice>({
      method: 'PUT',
      url: ADMIN_INVOICE_FILE_PATH.replace(':id', res.data.replacement!.sid),
      token: ops.token,
      headers: { 'content-type': 'application/pdf' },
      payload: SAMPLE_PDF,
    });
    expect(reissued.data.status).toBe('ISSUED');
    const link = await injectApi(t, INVOICE_API.download, { params: { id: a.sid }, token: buyer.token });
    expect(link.code).toBe(0);
    expect(link.data.invoice.sid).toBe(res.data.replacement!.sid);
  });

  it('作废 without re-issuing frees the orders: the buyer sees 已作废 and may ask again', async () => {
    const { buyer, a, b, invoice } = await issuedInvoice();
    const res = await injectApi(t, ADMIN_INVOICE_API.void, {
      params: { id: invoice.sid },
      body: { kind: 'VOIDED', reason: '买家要求更换抬头', reissue: false },
      token: ops.token,
    });
    expect(res.code).toBe(0);
    expect(res.data.replacement).toBeNull();
    expect(res.data.voided).toMatchObject({ status: 'VOIDED', replacedBySid: null });
    expect(await orderInvoiceOf(buyer, a.sid)).toMatchObject({
      sid: invoice.sid,
      status: 'VOIDED',
      voidReason: '买家要求更换抬头',
    });
    expect((await lastNoticeTo(buyer))?.text).toContain('重新申请');
    const download = await injectApi(t, INVOICE_API.download, { params: { id: a.sid }, token: buyer.token });
    expect(download.code).toBe(4110);
    expect(download.message).toBe('该发票已作废或红冲，不能下载');

    const again = await injectApi(t, INVOICE_API.request, {
      params: { id: a.sid },
      body: { ...SPECIAL, title: '上海鑫鎏珠宝集团有限公司', orders: [b.sid] },
      token: buyer.token,
    });
    expect(again.code).toBe(0);
    expect(again.data.amount).toBe(19_800 + 29_800);
  });

  describe('refuses, with a clear message, and changes nothing', () => {
    it('a request not yet issued, a rejected one, and one already voided', async () => {
      const buyer = await createCompanyBuyer(t);
      const order = await paidOrder(buyer, 9_900);
      const waiting = await injectApi(t, INVOICE_API.request, {
        params: { id: order.sid },
        body: SPECIAL,
        token: buyer.token,
      });
      const refused = await injectApi(t, ADMIN_INVOICE_API.void, {
        params: { id: waiting.data.sid },
        body: { kind: 'VOIDED', reason: '开错了' },
        token: ops.token,
      });
      expect(refused.code).toBe(4107);
      expect(refused.message).toBe('只有已开具的发票可以作废或红冲');
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.sid, waiting.data.sid));
      expect(row).toMatchObject({ status: 'REQUESTED', voidReason: null });

      const { invoice } = await issuedInvoice();
      const first = await injectApi(t, ADMIN_INVOICE_API.void, {
        params: { id: invoice.sid },
        body: { kind: 'VOIDED', reason: '开错了' },
        token: ops.token,
      });
      expect(first.code).toBe(0);
      const second = await injectApi(t, ADMIN_INVOICE_API.void, {
        params: { id: invoice.sid },
        body: { kind: 'REVERSED', reason: '再来一次' },
        token: ops.token,
      });
      expect(second.code).toBe(4107);
      const [replacements] = await t.database.db
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.replacesSid, invoice.sid));
      expect(replacements?.n).toBe(1);
    });

    it('two operators voiding at once make one void and one replacement', async () => {
      const { invoice } = await issuedInvoice();
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          injectApi(t, ADMIN_INVOICE_API.void, {
            params: { id: invoice.sid },
            body: { kind: 'REVERSED', reason: `第 ${i + 1} 次` },
            token: ops.token,
          }),
        ),
      );
      expect(results.filter((r) => r.code === 0)).toHaveLength(1);
      expect(results.filter((r) => r.code === 4107)).toHaveLength(4);
      const [replacements] = await t.database.db
        .select({ n: count() })
        .from(invoices)
        .where(eq(invoices.replacesSid, invoice.sid));
      expect(replacements?.n).toBe(1);
    });

    it.each([
      ['no reason', { kind: 'VOIDED', reason: '  ' }, '请填写作废或红冲的原因'],
      ['an unknown kind', { kind: 'DELETED', reason: '开错了' }, '请选择作废或红冲'],
    ])('%s', async (_name, body, message) => {
      const { invoice } = await issuedInvoice();
      const res = await t.call({
        method: 'POST',
        url: endpointUrl(ADMIN_INVOICE_API.void, { params: { id: invoice.sid } }),
        token: ops.token,
        payload: body,
      });
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.sid, invoice.sid));
      expect(row?.status).toBe('ISSUED');
    });

    it('anyone but an operator, and an unknown invoice', async () => {
      const { buyer, invoice } = await issuedInvoice();
      const byBuyer = await injectApi(t, ADMIN_INVOICE_API.void, {
        params: { id: invoice.sid },
        body: { kind: 'VOIDED', reason: '开错了' },
        token: buyer.token,
      });
      expect(byBuyer.status).toBe(401);
      const unknown = await injectApi(t, ADMIN_INVOICE_API.void, {
        params: { id: newSid() },
        body: { kind: 'VOIDED', reason: '开错了' },
        token: ops.token,
      });
      expect(unknown.status).toBe(404);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.sid, invoice.sid));
      expect(row?.status).toBe('ISSUED');
    });
  });
});

describe('GET /api/admin/invoices', () => {
  it('lists voided and reversed invoices with the reason and their replacement', async () => {
    const { invoice } = await issuedInvoice();
    const res = await injectApi(t, ADMIN_INVOICE_API.void, {
      params: { id: invoice.sid },
      body: { kind: 'REVERSED', reason: '税号有误' },
      token: ops.token,
    });
    const list = await injectApi(t, ADMIN_INVOICE_API.list, {
      query: { status: 'REVERSED', page: 1, page_size: 100 },
      token: ops.token,
    });
    expect(list.data.invoices.find((i) => i.sid === invoice.sid)).toMatchObject({
      status: 'REVERSED',
      voidReason: '税号有误',
      replacedBySid: res.data.replacement!.sid,
      providerIssued: false,
    });
  });
});

import {
  ADMIN_INVOICE_FILE_PATH,
  chinaWorkingDaysDeadline,
  INVOICE_API,
  INVOICE_ISSUE_WORKING_DAYS,
  type TAdminInvoice,
  type TInvoice,
  ADMIN_AUDIT_API,
  ADMIN_INVOICE_API,
  ORDER_API,
  endpointUrl,
} from '@gemstock/contract';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOrders, invoices, outboxMessages, users } from '../../src/db/schema/index.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, createSubAccount, fundWallet, insertPaidOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/** A small, well-formed PDF: header, one empty page, trailer. */
const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

let t: TestApp;
let ops: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await createTestOperator(t);
});
afterAll(async () => {
  await t.close();
});

/** A paid order of the buyer's company, as a settled payment leaves it. */
async function paidOrder(
  buyer: TestBuyer,
  values: { payWay?: string; priceCents?: number; orderType?: string; status?: string; ownerSid?: string } = {},
): Promise<{ sid: string; orderNo: string }> {
  return insertPaidOrder(t, {
    priceCents: 29_800,
    ...values,
    ownerSid: values.ownerSid ?? buyer.sid,
    userSid: buyer.sid,
  });
}

const ORDINARY = { type: 'ORDINARY', title: '上海鑫鎏珠宝有限公司', number: '91310000MA1FL0XX2F' } as const;
const SPECIAL = {
  type: 'SPECIAL',
  title: '上海鑫鎏珠宝有限公司',
  number: '91310000MA1FL0XX2F',
  address: '上海市黄浦区南京东路 100 号',
  phone: '021-63210000',
  bank: '招商银行上海南京东路支行',
  account: '121909876510601',
} as const;

async function accountOf(buyer: TestBuyer): Promise<{ email: string; company: string }> {
  const [row] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
  return { email: row!.email!, company: row!.company! };
}

async function invoiceRowCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(invoices);
  return row?.n ?? 0;
}

describe('POST /api/order/{id}/invoice', () => {
  it('requests a 专票 for a paid order, due 10 working days later, and shows it on the order', async () => {
    const buyer = await createCompanyBuyer(t);
    const order = await paidOrder(buyer, { priceCents: 39_800 });
    const before = new Date();
    const res = await injectApi(t, INVOICE_API.request, {
      params: { id: order.sid },
      body: SPECIAL,
      token: buyer.token,
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      type: 'SPECIAL',
      title: SPECIAL.title,
      number: SPECIAL.number,
      status: 'REQUESTED',
      amount: 39_800,
      orderNos: [order.orderNo],
      key: null,
      rejectReason: null,
    });
    const due = new Date(res.data.dueAt);
    expect(due.getTime()).toBeGreaterThanOrEqual(
      chinaWorkingDaysDeadline(before, INVOICE_ISSUE_WORKING_DAYS).getTime(),
    );
    expect(due.getTime()).toBeLessThanOrEqual(
      chinaWorkingDaysDeadline(new Date(), INVOICE_ISSUE_WORKING_DAYS).getTime(),
    );

    const list = await injectApi(t, ORDER_API.list, { query: { page: '1', page_size: '10' }, token: buyer.token });
    const shown = list.data.orders.find((o) => o.sid === order.sid);
    expect(shown?.invoice).toMatchObject({ sid: res.data.sid, status: 'REQUESTED' });
  });

  it('covers several paid orders of the company in one invoice, for what was paid', async () => {
    const buyer = await createCompanyBuyer(t);
    const a = await paidOrder(buyer, { priceCents: 19_800 });
    const b = await paidOrder(buyer, { priceCents: 29_800, payWay: 'TRANSFER' });
    const recharge = await fundWallet(t, buyer.sid, 100_000);
    const res = await injectApi(t, INVOICE_API.request, {
      params: { id: a.sid },
      body: { ...ORDINARY, orders: [b.sid, recharge] },
      token: buyer.token,
    });
    expect(res.code).toBe(0);
    expect(res.data.amount).toBe(19_800 + 29_800 + 100_000);
    expect(res.data.orderNos).toHaveLength(3);
  });

  it('lets a sub-account ask for its company, and the main account see it', async () => {
    const main = await createCompanyBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await t.database.db
      .update(users)
      .set({ company: '子账号继承的公司', companyLicense: SPECIAL.number })
      .where(eq(users.sid, sub.sid));
    const order = await paidOrder(sub, { ownerSid: main.sid });
    const res = await injectApi(t, INVOICE_API.request, {
      params: { id: order.sid },
      body: ORDINARY,
      token: sub.token,
    });
    expect(res.code).toBe(0);
    const again = await injectApi(t, INVOICE_API.request, {
      params: { id: order.sid },
      body: ORDINARY,
      token: main.token,
    });
    expect(again.code).toBe(4102);
  });

  describe('refuses, with a clear message, and writes nothing', () => {
    it.each([
      ['an unpaid order', { status: 'CREATED' }, 4100, '只能为已支付的订单申请发票'],
      ['a cancelled order', { status: 'CANCELLED' }, 4100, '只能为已支付的订单申请发票'],
      [
        'a licence paid from the wallet',
        { payWay: 'WALLET' },
        4101,
        '余额支付的订单已随充值订单开票，请对充值订单申请发票',
      ],
      ['an order a coupon paid in full', { payWay: 'FREE', priceCents: 0 }, 4103, '该订单实付金额为 0，无需开具发票'],
    ])('%s', async (_name, values, code, message) => {
      const buyer = await createCompanyBuyer(t);
      const order = await paidOrder(buyer, values);
      const rows = await invoiceRowCount();
      const res = await injectApi(t, INVOICE_API.request, {
        params: { id: order.sid },
        body: ORDINARY,
        token: buyer.token,
      });
      expect(res.code).toBe(code);
      expect(res.message).toBe(message);
      expect(await invoiceRowCount()).toBe(rows);
    });

    it('a title an invoice cannot print (an emoji), or over 100 characters, never cut', async () => {
      const buyer = await createCompanyBuyer(t);
      const order = await paidOrder(buyer);
      const rows = await invoiceRowCount();
      const cases: [string, string][] = [
        ['宝图珠宝💎有限公司', '发票抬头只能包含汉字、字母、数字、空格和常用标点，不能包含表情符号或特殊符号'],
        ['宝'.repeat(101), '不能超过 100 个字符'],
      ];
      for (const [title, message] of cases) {
        const res = await injectApi(t, INVOICE_API.request, {
          params: { id: order.sid },
          body: { ...ORDINARY, title },
          token: buyer.token,
        });
        expect(res.status).toBe(400);
        expect(res.message).toBe(message);
      }
      expect(await invoiceRowCount()).toBe(rows);
    });

    it("another company's order, alone or slipped into `orders`", async () => {
      const buyer = await createCompanyBuyer(t);
      const other = await createCompanyBuyer(t);
      const mine = await paidOrder(buyer);
      const theirs = await paidOrder(other);
      const rows = await invoiceRowCount();
      for (const request of [
        { params: { id: theirs.sid }, body: ORDINARY },
        { params: { id: mine.sid }, body: { ...ORDINARY, orders: [theirs.sid] } },
      ]) {
        const res = await injectApi(t, INVOICE_API.request, { ...request, token: buyer.token });
        expect(res.status).toBe(404);
        expect(res.code).toBe(4001);
      }
      expect(await invoiceRowCount()).toBe(rows);
    });

    it('an order already invoiced', async () => {
      const buyer = await createCompanyBuyer(t);
      const order = await paidOrder(buyer);
      expect(
        (await injectApi(t, INVOICE_API.request, { params: { id: order.sid }, body: ORDINARY, token: buyer.token }))
          .code,
      ).toBe(0);
      const second = await injectApi(t, INVOICE_API.request, {
        params: { id: order.sid },
        body: SPECIAL,
        token: buyer.token,
      });
      expect(second.code).toBe(4102);
      expect(second.message).toBe('该订单已申请或已开具发票，不能重复申请');
    });

    it('ten requests at once for one order make one invoice', async () => {
      const buyer = await createCompanyBuyer(t);
      const order = await paidOrder(buyer);
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          injectApi(t, INVOICE_API.request, { params: { id: order.sid }, body: ORDINARY, token: buyer.token }),
        ),
      );
      expect(results.filter((r) => r.code === 0)).toHaveLength(1);
      expect(results.filter((r) => r.code === 4102)).toHaveLength(9);
      const [row] = await t.database.db
        .select({ n: count() })
        .from(invoiceOrders)
        .where(eq(invoiceOrders.orderSid, order.sid));
      expect(row?.n).toBe(1);
    });

    it.each([
      [
        'a credit code with a wrong check digit',
        { ...ORDINARY, number: '91110108551385082R' },
        '统一社会信用代码的校验位不正确，请核对后重新输入',
      ],
      ['no title', { ...ORDINARY, title: '  ' }, '请输入发票抬头'],
      ['a 专票 without the bank account', { ...SPECIAL, account: '' }, '请输入银行账号'],
      ['a 专票 without the registered address', { ...SPECIAL, address: undefined }, '请输入注册地址'],
      ['an unknown type', { ...ORDINARY, type: 'RED' }, '请选择发票类型'],
    ])('%s', async (_name, body, message) => {
      const buyer = await createCompanyBuyer(t);
      const order = await paidOrder(buyer);
      const rows = await invoiceRowCount();
      const res = await t.call({
        method: 'POST',
        url: endpointUrl(INVOICE_API.request, { params: { id: order.sid } }),
        token: buyer.token,
        payload: body,
      });
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
      expect(await invoiceRowCount()).toBe(rows);
    });

    it('a buyer without a company, and a visitor', async () => {
      const buyer = await createCompanyBuyer(t);
      const order = await paidOrder(buyer);
      await t.database.db.update(users).set({ company: null, companyLicense: null }).where(eq(users.sid, buyer.sid));
      const res = await injectApi(t, INVOICE_API.request, {
        params: { id: order.sid },
        body: ORDINARY,
        token: buyer.token,
      });
      expect(res.code).toBe(1012);
      const visitor = await injectApi(t, INVOICE_API.request, { params: { id: order.sid }, body: ORDINARY });
      expect(visitor.status).toBe(401);
    });
  });
});

describe('the operator issues or rejects; GET /api/order/{id}/invoice downloads', () => {
  async function requested(
    buyer: TestBuyer,
    body: object = SPECIAL,
  ): Promise<{ order: { sid: string }; invoice: TInvoice }> {
    const order = await paidOrder(buyer);
    const res = await injectApi(t, INVOICE_API.request, {
      params: { id: order.sid },
      body: body as typeof ORDINARY,
      token: buyer.token,
    });
    expect(res.code).toBe(0);
    return { order, invoice: res.data };
  }

  function upload(sid: string, body: Buffer, token = ops.token, contentType = 'application/pdf') {
    return t.call<TAdminInvoice>({
      method: 'PUT',
      url: ADMIN_INVOICE_FILE_PATH.replace(':id', sid),
      token,
      headers: { 'content-type': contentType },
      payload: body,
    });
  }

  it('issues with the PDF, tells the buyer, and the company (only) downloads it through a short-lived link', async () => {
    const buyer = await createCompanyBuyer(t);
    const { order, invoice } = await requested(buyer);
    const notYet = await injectApi(t, INVOICE_API.download, { params: { id: order.sid }, token: buyer.token });
    expect(notYet.code).toBe(4105);

    const issued = await upload(invoice.sid, SAMPLE_PDF);
    expect(issued.code).toBe(0);
    expect(issued.data).toMatchObject({ status: 'ISSUED', overdue: false });
    expect(issued.data.key).toMatch(/^private\/invoices\/.+\.pdf$/);

    const [notice] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, (await accountOf(buyer)).email))
      .orderBy(desc(outboxMessages.id))
      .limit(1);
    expect(notice?.text).toContain('已开具');

    const link = await injectApi(t, INVOICE_API.download, { params: { id: order.sid }, token: buyer.token });
    expect(link.code).toBe(0);
    expect(new Date(link.data.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    const file = await t.call({ method: 'GET', url: link.data.url });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.startsWith('%PDF-')).toBe(true);

    const stranger = await createCompanyBuyer(t);
    const refused = await injectApi(t, INVOICE_API.download, { params: { id: order.sid }, token: stranger.token });
    expect(refused.code).toBe(4001);

    const audit = await injectApi(t, ADMIN_AUDIT_API.list, {
      query: { entity: 'invoice', q: invoice.sid },
      token: ops.token,
    });
    expect(audit.data.entries.map((e) => e.action)).toContain('invoice.issue');
  });

  it('refuses a file that is not a PDF, and a second issue, changing nothing', async () => {
    const buyer = await createCompanyBuyer(t);
    const { invoice } = await requested(buyer);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]);
    const bad = await upload(invoice.sid, png);
    expect(bad.status).toBe(400);
    expect(bad.code).toBe(4106);
    expect(bad.message).toBe('请上传 PDF 格式的发票文件');
    const truncated = await upload(invoice.sid, SAMPLE_PDF.subarray(0, SAMPLE_PDF.length - 8));
    expect(truncated.code).toBe(4106);
    const wrongType = await upload(invoice.sid, SAMPLE_PDF, ops.token, 'image/png');
    expect(wrongType.status).toBe(415);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.sid, invoice.sid));
    expect(row).toMatchObject({ status: 'REQUESTED', fileKey: null });

    expect((await upload(invoice.sid, SAMPLE_PDF)).code).toBe(0);
    const twice = await upload(invoice.sid, SAMPLE_PDF);
    expect(twice.code).toBe(1014);
  });

  it('only an operator may issue or reject', async () => {
    const buyer = await createCompanyBuyer(t);
    const { invoice } = await requested(buyer);
    expect((await upload(invoice.sid, SAMPLE_PDF, buyer.token)).status).toBe(401);
    const reject = await injectApi(t, ADMIN_INVOICE_API.reject, {
      params: { id: invoice.sid },
      body: { reason: '抬头有误' },
      token: buyer.token,
    });
    expect(reject.status).toBe(401);
    const list = await injectApi(t, ADMIN_INVOICE_API.list, { token: buyer.token });
    expect(list.status).toBe(401);
  });

  it('rejects with a reason; the buyer sees it and may ask again', async () => {
    const buyer = await createCompanyBuyer(t);
    const { order, invoice } = await requested(buyer);
    const noReason = await injectApi(t, ADMIN_INVOICE_API.reject, {
      params: { id: invoice.sid },
      body: { reason: ' ' },
      token: ops.token,
    });
    expect(noReason.status).toBe(400);
    expect(noReason.message).toBe('请填写驳回原因');

    const rejected = await injectApi(t, ADMIN_INVOICE_API.reject, {
      params: { id: invoice.sid },
      body: { reason: '开户银行与账号不一致' },
      token: ops.token,
    });
    expect(rejected.data).toMatchObject({ status: 'REJECTED', rejectReason: '开户银行与账号不一致' });
    const list = await injectApi(t, ORDER_API.list, { query: { page: '1', page_size: '10' }, token: buyer.token });
    // The buyer's order keeps what was asked, so a new request starts from it (a 专票's bank details too).
    expect(list.data.orders.find((o) => o.sid === order.sid)?.invoice).toMatchObject({
      status: 'REJECTED',
      rejectReason: '开户银行与账号不一致',
      type: 'SPECIAL',
      address: SPECIAL.address,
      phone: SPECIAL.phone,
      bank: SPECIAL.bank,
      account: SPECIAL.account,
    });
    const download = await injectApi(t, INVOICE_API.download, { params: { id: order.sid }, token: buyer.token });
    expect(download.code).toBe(4105);

    const again = await injectApi(t, INVOICE_API.request, {
      params: { id: order.sid },
      body: SPECIAL,
      token: buyer.token,
    });
    expect(again.code).toBe(0);
    expect(again.data.sid).not.toBe(invoice.sid);
    const shown = await injectApi(t, ORDER_API.list, { query: { page: '1', page_size: '10' }, token: buyer.token });
    expect(shown.data.orders.find((o) => o.sid === order.sid)?.invoice?.sid).toBe(again.data.sid);
    const rejectAgain = await injectApi(t, ADMIN_INVOICE_API.reject, {
      params: { id: invoice.sid },
      body: { reason: '重复' },
      token: ops.token,
    });
    expect(rejectAgain.code).toBe(1014);
  });

  it('lists the queue most urgent first, with overdue requests marked', async () => {
    const buyer = await createCompanyBuyer(t);
    const { invoice: late } = await requested(buyer, ORDINARY);
    await t.database.db
      .update(invoices)
      .set({ dueAt: new Date(Date.now() - 86_400_000) })
      .where(eq(invoices.sid, late.sid));
    const res = await injectApi(t, ADMIN_INVOICE_API.list, {
      query: { status: 'REQUESTED', page: '1', page_size: '50' },
      token: ops.token,
    });
    expect(res.code).toBe(0);
    const dues = res.data.invoices.map((i) => i.dueAt);
    expect(dues).toEqual([...dues].sort());
    const shown = res.data.invoices.find((i) => i.sid === late.sid);
    const account = await accountOf(buyer);
    expect(shown).toMatchObject({ overdue: true, company: account.company, requestedBy: account.email });
    expect(res.data.invoices.every((i) => i.status === 'REQUESTED')).toBe(true);

    const badStatus = await injectApi(t, ADMIN_INVOICE_API.list, { query: { status: 'LOST' }, token: ops.token });
    expect(badStatus.status).toBe(400);
    expect(badStatus.message).toBe('发票状态不正确');
  });
});

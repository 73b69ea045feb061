import { ADMIN_AUDIT_API, ADMIN_EXPORT_PATHS, CouponType, OrderStatus, OrderType, PayWay } from '@gemstock/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, coupons, invoices, orders } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCoupon } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const BOM = '\uFEFF';

/** The CSV's lines without the BOM (split on CRLF, the last empty one dropped). */
function linesOf(raw: string): string[] {
  expect(raw.startsWith(BOM)).toBe(true);
  return raw.slice(1).split('\r\n').slice(0, -1);
}

/** CSV downloads of the console's lists: the list's filters, its roles, Excel-ready, and audited. */
describe('CSV exports', () => {
  let t: TestApp;
  let admin: TestOperator;
  let finance: TestOperator;
  let content: TestOperator;
  let buyer: TestBuyer;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createTestOperator(t, '管理员');
    finance = await createTestOperator(t, '财务小李', ['finance']);
    content = await createTestOperator(t, '内容小王', ['content']);
    // a company name a spreadsheet would run as a formula
    buyer = await createBuyer(t, { company: '=HYPERLINK("http://evil.example","点我")', email: 'csv@example.cn' });
    for (const [orderNo, cents, at] of [
      ['GSC2026030100000001', 123_450, '2026-03-01T02:00:00Z'],
      ['GSC2026030200000002', 5, '2026-03-02T02:00:00Z'],
      ['GSC2026030300000003', 99_900, '2026-03-03T02:00:00Z'],
    ] as const) {
      await t.database.db.insert(orders).values({
        sid: newSid(),
        orderNo,
        name: '素材授权, "钻戒" 特写',
        orderType: OrderType.MATERIAL,
        status: OrderStatus.PAYED,
        payWay: PayWay.WECHAT,
        priceOriginCents: cents,
        priceCents: cents,
        userSid: buyer.sid,
        ownerSid: buyer.sid,
        createdAt: new Date(at),
        payTime: new Date(at),
      });
    }
  });
  afterAll(async () => t.close());

  function download(path: string, token: string, query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    return t.call({ method: 'GET', url: search ? `${path}?${search}` : path, token });
  }

  it('streams the orders the list shows with its filters: UTF-8 with a BOM, Chinese headers, yuan with 2 decimals', async () => {
    const res = await download(ADMIN_EXPORT_PATHS.orders, finance.token, { q: 'GSC20260301', page: '3' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders.csv"; filename\*=UTF-8''%E8%AE%A2%E5%8D%95-\d{8}\.csv$/,
    );
    const [header, ...rows] = linesOf(res.raw);
    expect(header).toBe(
      '订单号,订单名称,订单类型,状态,原价（元）,实付金额（元）,支付方式,企业,买家邮箱,买家手机,下单时间,支付时间',
    );
    // the search found one order, whatever page the list was on
    expect(rows).toEqual([
      'GSC2026030100000001,"素材授权, ""钻戒"" 特写",素材授权,已完成,1234.50,1234.50,微信支付,' +
        `"'=HYPERLINK(""http://evil.example"",""点我"")",csv@example.cn,,2026-03-01 10:00:00,2026-03-01 10:00:00`,
    ]);
  });

  it('honours the day and amount filters, and a cent stays a cent', async () => {
    const res = await download(ADMIN_EXPORT_PATHS.orders, admin.token, { from: '2026-03-02', max_amount: '100000' });
    const rows = linesOf(res.raw).slice(1);
    expect(rows.map((r) => r.split(',').slice(0, 1)[0])).toEqual(['GSC2026030300000003', 'GSC2026030200000002']);
    expect(rows[1]).toContain(',0.05,0.05,');
  });

  it('records who exported which rows in the audit, before the file is sent', async () => {
    await download(ADMIN_EXPORT_PATHS.orders, finance.token, { q: 'GSC2026', min_amount: '100' });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operatorSid, finance.sid), eq(auditLogs.action, 'export.orders')))
      .orderBy(auditLogs.id);
    expect(entry).toBeDefined();
    const logged = await injectApi(t, ADMIN_AUDIT_API.list, { token: admin.token, query: { action: 'export.orders' } });
    expect(logged.data.entries.map((e) => e.operatorSid)).toContain(finance.sid);
    expect(logged.data.entries.some((e) => JSON.stringify(e.after).includes('"min_amount":100'))).toBe(true);
  });

  it('is refused to a role that may not read the list, and to bad filters, in Chinese and with nothing recorded', async () => {
    const refused = await download(ADMIN_EXPORT_PATHS.orders, content.token);
    expect([refused.status, refused.code]).toEqual([403, 2050]);
    const audit = await download(ADMIN_EXPORT_PATHS.audit, finance.token);
    expect([audit.status, audit.code]).toEqual([403, 2050]);
    const bad = await download(ADMIN_EXPORT_PATHS.orders, finance.token, { from: '2026-03-05', to: '2026-03-01' });
    expect([bad.status, bad.code, bad.message]).toEqual([400, 1001, '结束日期不能早于开始日期']);
    const recorded = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.operatorSid, content.sid), eq(auditLogs.action, 'export.orders')));
    expect(recorded).toEqual([]);
  });

  it('exports the invoice requests of a status', async () => {
    const due = new Date('2026-03-10T02:00:00Z');
    for (const status of ['REQUESTED', 'ISSUED']) {
      await t.database.db.insert(invoices).values({
        sid: newSid(),
        ownerSid: buyer.sid,
        requestedBySid: buyer.sid,
        type: 'ORDINARY',
        title: `+抬头 ${status}`,
        taxpayerNumber: '91310000MA1FL0000X',
        amountCents: 880_000,
        status,
        dueAt: due,
      });
    }
    const res = await download(ADMIN_EXPORT_PATHS.invoices, finance.token, { status: 'REQUESTED' });
    const [header, ...rows] = linesOf(res.raw);
    expect(header).toBe('发票编号,发票类型,抬头,企业,申请人,金额（元）,状态,订单号,承诺开具时间,开具时间,申请时间');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`,普通发票,'+抬头 REQUESTED,`);
    expect(rows[0]).toContain(',8800.00,待开具,,2026-03-10 10:00:00,,');
  });

  it('exports the coupons matching a search', async () => {
    await createCoupon(t, { code: 'CSVSAVE10', name: '-十元券', type: CouponType.FIXED, amount: 1_000 });
    await createCoupon(t, { code: 'CSVPCT15', name: '八五折', type: CouponType.PERCENT, amount: 15 });
    await createCoupon(t, { code: 'OTHER1', name: '别的券', type: CouponType.FIXED, amount: 500 });
    const res = await download(ADMIN_EXPORT_PATHS.coupons, finance.token, { q: 'CSV' });
    const [header, ...rows] = linesOf(res.raw);
    expect(header).toBe('券码,名称,类型,优惠,可用次数,已使用,开始时间,结束时间,状态,归属账号,备注,创建时间');
    expect(rows.map((r) => r.split(',').slice(0, 5).join(','))).toEqual(
      expect.arrayContaining([
        "CSVSAVE10,'-十元券,满减（金额）,10.00 元,不限",
        'CSVPCT15,八五折,折扣（百分比）,15%,不限',
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('exports a batch larger than one read of the walk whole: every coupon once, newest first, a batch in code order', async () => {
    // 1,203 codes made in one statement (one now(), to the microsecond) and three older ones: the
    // walk reads 500 at a time and goes on from the last code read inside the batch.
    const batch = Array.from({ length: 1203 }, (_, i) => `WALK${String(i).padStart(4, '0')}`);
    const older = ['WALKOLD1', 'WALKOLD2', 'WALKOLD3'];
    const coupon = (code: string, createdAt?: Date) => ({
      sid: newSid(),
      code,
      type: CouponType.FIXED,
      amount: 100,
      scope: [],
      ...(createdAt ? { createdAt } : {}),
    });
    await t.database.db.insert(coupons).values(batch.map((code) => coupon(code)));
    await t.database.db
      .insert(coupons)
      .values(older.map((code, i) => coupon(code, new Date(Date.parse('2026-03-01T00:00:00Z') - i * 1000))));

    const res = await download(ADMIN_EXPORT_PATHS.coupons, finance.token, { q: 'WALK' });
    const codes = linesOf(res.raw)
      .slice(1)
      .map((r) => r.split(',')[0]);
    expect(codes).toEqual([...batch, ...older]);
  });

  it('exports the audit, labels and all, to a 管理员', async () => {
    const res = await download(ADMIN_EXPORT_PATHS.audit, admin.token, { action: 'export.orders' });
    const [header, ...rows] = linesOf(res.raw);
    expect(header).toBe('时间,操作人,操作人账号,操作,对象类型,对象,变更前,变更后');
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.includes(',导出订单,导出,'))).toBe(true);
  });
});

import {
  ADMIN_DASHBOARD_API,
  ADMIN_EXPORT_PATHS,
  ANALYTICS_API,
  BEACON_MAX_EVENTS,
  CART_API,
  COMMON_API,
  chinaDateOf,
  endpointUrl,
  ErrorCode,
  MATERIAL_API,
  OrderStatus,
  PayWay,
  RefundStatus,
  type TBeaconRequest,
  type TDashboard,
} from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, orders } from '../../src/db/schema/index.js';
import { BufferedWriter } from '../../src/lib/buffered-writer.js';
import { createAnalyticsService, insertAnalyticsEvents } from '../../src/modules/analytics/index.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createMaterials, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;
const BOM = '\uFEFF';

function chinaDay(offsetDays: number): string {
  return chinaDateOf(new Date(Date.now() + offsetDays * DAY));
}

/** Noon (China time) of a day `offsetDays` from today. */
function noonOf(offsetDays: number): Date {
  return new Date(Date.parse(`${chinaDay(offsetDays)}T12:00:00+08:00`));
}

function beacon(events: number, extra: Partial<TBeaconRequest['events'][number]> = {}): TBeaconRequest {
  return {
    visitor: 'visitor-abcdef12',
    events: Array.from({ length: events }, (_, i) => ({
      route: `/detail/M${i}`,
      referrer: '/',
      source: 'xiaohongshu',
      device: 'desktop' as const,
      ...extra,
    })),
  };
}

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe('POST /api/analytics/beacon', () => {
  let t: TestApp;
  let buyer: TestBuyer;

  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await createBuyer(t);
  });
  afterAll(async () => t.close());

  async function stored() {
    await t.app.services.analytics.flushEvents();
    return t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.kind, 'page_view'));
  }

  it('keeps a batch of page views with the visitor, route, source, device and the signed-in account', async () => {
    const res = await injectApi(t, ANALYTICS_API.beacon, {
      token: buyer.token,
      body: { ...beacon(2), events: beacon(2).events.map((e) => ({ ...e, utm_campaign: '七夕' })) },
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ accepted: 2 });
    const kept = await stored();
    expect(kept).toHaveLength(2);
    expect(kept[0]).toMatchObject({
      visitor: 'visitor-abcdef12',
      userSid: buyer.sid,
      route: '/detail/M0',
      source: 'xiaohongshu',
      utmCampaign: '七夕',
      device: 'desktop',
    });
  });

  it('keeps nothing (accepted 0) when the browser sends Do-Not-Track or Global Privacy Control', async () => {
    const before = (await stored()).length;
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const res = await injectApi(t, ANALYTICS_API.beacon, { body: beacon(3), headers });
      expect(res.data).toEqual({ accepted: 0 });
    }
    expect(await stored()).toHaveLength(before);
  });

  it('takes the server’s time for a page view whose time is a day or more away', async () => {
    await t.database.db.delete(analyticsEvents);
    await injectApi(t, ANALYTICS_API.beacon, { body: beacon(1, { at: Date.now() + 5 * DAY }) });
    const [row] = await stored();
    expect(Math.abs(row!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('refuses malformed beacons with a coded Chinese error and keeps nothing', async () => {
    await t.database.db.delete(analyticsEvents);
    const url = endpointUrl(ANALYTICS_API.beacon, {});
    const broken = await t.call({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"visitor":',
    });
    expect(broken.status).toBe(400);
    expect(broken.code).toBe(ErrorCode.MALFORMED_BODY.code);

    const cases: [unknown, string][] = [
      [{ ...beacon(1), visitor: 'x' }, '访客标识格式不正确'],
      [beacon(BEACON_MAX_EVENTS + 1), '每次最多上报 20 条访问记录'],
      [{ visitor: 'visitor-abcdef12', events: [] }, '每次最多上报 20 条访问记录'],
      [beacon(1, { route: 'detail/M1' }), '页面地址不正确'],
      [beacon(1, { device: 'fridge' as never }), '设备类型不正确'],
      [beacon(1, { source: 'x'.repeat(65) }), '来源标记过长'],
      [{ ...beacon(1), extra: true }, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call({ method: 'POST', url, payload: payload as object });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.code).toBe(ErrorCode.VALIDATION.code);
      expect(res.message).toContain(message);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('refuses a body over 16 KB before reading it (413)', async () => {
    const res = await t.call({
      method: 'POST',
      url: endpointUrl(ANALYTICS_API.beacon, {}),
      payload: { visitor: 'visitor-abcdef12', events: [{ route: `/${'a'.repeat(20_000)}`, device: 'desktop' }] },
    });
    expect(res.status).toBe(413);
    expect(res.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE.code);
  });

  it('limits a flood from one address (429 with a coded error) without a 500', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i += 1) {
      const res = await injectApi(t, ANALYTICS_API.beacon, { body: beacon(1), remoteAddress: '203.0.113.9' });
      statuses.push(res.status);
      if (res.status === 429) expect(res.code).toBe(ErrorCode.RATE_LIMITED.code);
    }
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    // another address is not held back
    const other = await injectApi(t, ANALYTICS_API.beacon, { body: beacon(1), remoteAddress: '203.0.113.10' });
    expect(other.status).toBe(200);
  });
});

describe('GET /api/admin/dashboard', () => {
  let t: TestApp;
  let admin: TestOperator;
  let finance: TestOperator;
  let service: TestOperator;
  let content: TestOperator;
  let buyer: TestBuyer;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createTestOperator(t, '管理员');
    finance = await createTestOperator(t, '财务', ['finance']);
    service = await createTestOperator(t, '客服', ['service']);
    content = await createTestOperator(t, '内容', ['content']);
    buyer = await createBuyer(t, { company: '宝图测试企业' });
  });
  afterAll(async () => t.close());

  function dashboard(token: string, from = chinaDay(-3), to = chinaDay(0)) {
    return injectApi(t, ADMIN_DASHBOARD_API.dashboard, { token, query: { from, to } });
  }

  async function event(kind: string, at: Date, visitor: string | null = null) {
    await t.database.db.insert(analyticsEvents).values({ kind, visitor, createdAt: at, route: '/' });
  }

  async function searchLog(keyword: string, resultCount: number, at: Date) {
    await t.database.db.execute(
      sql`insert into search_logs (keyword, result_count, created_at) values (${keyword}, ${resultCount}, ${at.toISOString()}::timestamptz)`,
    );
  }

  async function refund(orderSid: string, cents: number, status: string, settledAt: Date | null) {
    await t.database.db.execute(sql`
      insert into refunds (sid, refund_no, order_sid, channel, paid_cents, amount_cents, status, reason,
        operator_sid, idempotency_key, settled_at)
      values (${`R-${orderSid}`}, ${`RN-${orderSid}`}, ${orderSid}, 'wechat', 10000, ${cents}, ${status},
        '测试退款', ${admin.sid}, ${`refund-${orderSid}`}, ${settledAt?.toISOString() ?? null}::timestamptz)`);
  }

  async function paidOrder(at: Date, payWay: string, couponCents: number): Promise<string> {
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await t.database.db
      .update(orders)
      .set({
        status: OrderStatus.PAYED,
        payWay,
        payTime: at,
        paidAmountCents: 10_000,
        discountCouponCents: couponCents,
        createdAt: at,
      })
      .where(eq(orders.sid, order.sid));
    return order.sid;
  }

  it('shows the days before today from the rollups, equal to a direct count of the stored rows', async () => {
    // two days ago: 3 page views by 2 visitors, a detail view; yesterday: 2 page views by 1 visitor
    await event('page_view', noonOf(-2), 'v-1');
    await event('page_view', noonOf(-2), 'v-1');
    await event('page_view', noonOf(-2), 'v-2');
    await event('detail_view', noonOf(-2));
    await event('page_view', noonOf(-1), 'v-3');
    await event('page_view', noonOf(-1), 'v-3');
    // China midnight: 23:59 belongs to the day, 00:00 to the next
    await event('page_view', new Date(Date.parse(`${chinaDay(-2)}T23:59:59+08:00`)), 'v-4');
    await searchLog('钻戒', 4, noonOf(-1));
    await searchLog('钻戒', 2, noonOf(-2));
    await searchLog('不存在的款式', 0, noonOf(-1));
    const wechat = await paidOrder(noonOf(-1), PayWay.WECHAT, 500);
    const alipay = await paidOrder(noonOf(-2), PayWay.ALIPAY, 0);
    // money given back yesterday counts; a refund still at the gateway does not
    await refund(wechat, 3_000, RefundStatus.SUCCEEDED, noonOf(-1));
    await refund(alipay, 10_000, RefundStatus.PROCESSING, null);

    const rolled = await t.app.services.analytics.rollupAnalytics();
    expect(rolled).toContain(chinaDay(-1));
    expect(rolled).toContain(chinaDay(-2));

    const res = await dashboard(admin.token);
    expect(res.status).toBe(200);
    const board: TDashboard = res.data;
    const dayOf = (offset: number) => board.days.find((d) => d.day === chinaDay(offset))!;

    const direct = await rows<{ day: string; views: number; visitors: number }>(
      t,
      sql`select to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, count(*)::int as views,
                 count(distinct visitor)::int as visitors
          from analytics_events where kind = 'page_view' group by 1`,
    );
    for (const d of direct) {
      expect(board.days.find((x) => x.day === d.day)).toMatchObject({ pageViews: d.views, visitors: d.visitors });
    }
    expect(dayOf(-2)).toMatchObject({ pageViews: 4, visitors: 3, detailViews: 1, searches: 1, ordersPaid: 1 });
    expect(dayOf(-1)).toMatchObject({ pageViews: 2, visitors: 1, searches: 2, zeroResultSearches: 1, ordersPaid: 1 });
    expect(board.topSearches[0]).toEqual({ keyword: '钻戒', count: 2 });
    expect(board.zeroResultSearches).toEqual([{ keyword: '不存在的款式', count: 1 }]);
    expect(board.funnel.ordersPaid).toBe(2);
    expect(board.money).toMatchObject({
      revenueCents: 20_000,
      refundedCents: 3_000,
      refunds: 1,
      netRevenueCents: 17_000,
      couponCents: 500,
    });
    expect(board.money!.daily.find((d) => d.day === chinaDay(-1))).toMatchObject({
      revenueCents: 10_000,
      refundedCents: 3_000,
    });
    expect(board.money!.byPayWay).toEqual([
      { key: PayWay.ALIPAY, cents: 10_000, count: 1 },
      { key: PayWay.WECHAT, cents: 10_000, count: 1 },
    ]);
  });

  it('rolls up the same rows when run twice, and when two servers run it at once', async () => {
    const snapshot = () =>
      rows<{ day: string; metric: string; dim: string; value: string }>(
        t,
        sql`select day::text, metric, dim, value::text from analytics_daily where metric <> 'rolled' order by 1, 2, 3`,
      );
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(0);
    // each server its own recorder, its clock at noon today (China time): every day up to
    // yesterday ended over an hour before, whatever the hour the suite runs at
    const server = () =>
      createAnalyticsService({
        db: t.database.db,
        recorder: new BufferedWriter(
          (r) => insertAnalyticsEvents(t.database.db, r),
          () => undefined,
        ),
        now: () => noonOf(0),
      });

    // forced to redo every day: the same rows again
    await t.database.db.execute(sql`delete from analytics_daily where metric = 'rolled'`);
    const all = await server().rollupAnalytics();
    expect(all).toContain(chinaDay(-1));
    expect(await snapshot()).toEqual(before);
    // a day rolled up once settled is not done again
    expect(await server().rollupAnalytics()).toEqual([]);

    // two servers forced to redo every day at once: between them every day is done (a day the
    // other finished first is skipped, not done twice) and nothing changes
    await t.database.db.execute(sql`delete from analytics_daily where metric = 'rolled'`);
    const [a, b] = await Promise.all([server().rollupAnalytics(), server().rollupAnalytics()]);
    expect([...new Set([...a, ...b])].sort()).toEqual(all);
    expect(await snapshot()).toEqual(before);
  });

  it('counts today from today’s rows: a search that found nothing shows at once in the zero-result list', async () => {
    const search = await injectApi(t, MATERIAL_API.search, { query: { keyword: '火星翡翠手镯' } });
    expect(search.status).toBe(200);
    const [m] = await createMaterials(t, 1);
    await injectApi(t, MATERIAL_API.detail, { params: { id: m!.sid } });
    await injectApi(t, CART_API.add, { token: buyer.token, body: { material: m!.sid, spec: 2 } });
    await injectApi(t, ANALYTICS_API.beacon, { body: beacon(5) });
    await t.app.services.search.flushLog();
    await t.app.services.analytics.flushEvents();

    const board = (await dashboard(admin.token)).data;
    const today = board.days.find((d) => d.day === chinaDay(0))!;
    expect(board.today).toBe(chinaDay(0));
    expect(today).toMatchObject({
      pageViews: 5,
      visitors: 1,
      searches: 1,
      zeroResultSearches: 1,
      detailViews: 1,
      cartAdds: 1,
    });
    expect(board.zeroResultSearches).toContainEqual({ keyword: '火星翡翠手镯', count: 1 });
    // nothing of today was stored as a rollup
    const stored = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from analytics_daily where day = ${chinaDay(0)}::date`,
    );
    expect(stored[0]!.n).toBe(0);
  });

  it('shows money only to 管理员 and 财务; 客服 and 内容 see the rest', async () => {
    expect((await dashboard(finance.token)).data.money).not.toBeNull();
    for (const op of [service, content]) {
      const res = await dashboard(op.token);
      expect(res.status).toBe(200);
      expect(res.data.money).toBeNull();
      expect(res.data.days.length).toBe(4);
    }
    const asBuyer = await dashboard(buyer.token);
    expect(asBuyer.status).toBe(401);
  });

  it('refuses a range longer than 366 days (4300) or backwards, with Chinese messages', async () => {
    const long = await dashboard(admin.token, '2025-01-01', '2026-01-02');
    expect(long.status).toBe(400);
    expect(long.code).toBe(ErrorCode.DASHBOARD_RANGE_TOO_LONG.code);
    expect(long.message).toBe('统计区间最长 366 天，请缩短日期范围');
    const backwards = await dashboard(admin.token, '2026-03-02', '2026-03-01');
    expect(backwards.code).toBe(ErrorCode.VALIDATION.code);
    expect(backwards.message).toContain('开始日期不能晚于结束日期');
    const bad = await dashboard(admin.token, '2026-02-30', '2026-03-01');
    expect(bad.message).toContain('日期格式应为 2026-01-31');
  });

  it('exports each table as CSV in UTF-8 with a BOM, Chinese intact; the money table only for the roles that see money', async () => {
    const download = (token: string, table: string) =>
      t.call({
        method: 'GET',
        url: `${ADMIN_EXPORT_PATHS.dashboard}?${new URLSearchParams({ from: chinaDay(-3), to: chinaDay(0), table })}`,
        token,
      });
    const zero = await download(content.token, 'zeroResultSearches');
    expect(zero.status).toBe(200);
    expect(zero.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(zero.raw.startsWith(BOM)).toBe(true);
    const lines = zero.raw.slice(1).split('\r\n');
    expect(lines[0]).toBe('关键词,搜索次数');
    expect(lines).toContain('火星翡翠手镯,1');

    const days = await download(admin.token, 'days');
    expect(days.raw.slice(1).split('\r\n')[0]).toBe(
      '日期,浏览量,访客数,搜索次数,无结果搜索,详情浏览,加入购物车,下单数,支付数',
    );

    const revenue = await download(finance.token, 'revenue');
    expect(revenue.status).toBe(200);
    expect(revenue.raw).toContain('支付方式,微信支付,100.00,1');
    expect(revenue.raw).toContain('合计,退款,30.00,1');
    expect(revenue.raw).toContain('合计,净收入,');
    const refused = await download(service.token, 'revenue');
    expect(refused.status).toBe(403);
    expect(refused.code).toBe(ErrorCode.FORBIDDEN.code);

    const wrong = await download(admin.token, 'everything');
    expect(wrong.status).toBe(400);
    expect(wrong.message).toContain('导出的表格不正确');
  });
});

describe('Baidu Tongji (BAIDU_TONGJI_SITE_ID)', () => {
  it('is off by default: the pages’ CSP allows no third-party script and the site config names none', async () => {
    const t = await buildTestApp();
    try {
      const page = await t.call({ method: 'GET', url: '/search' });
      expect(String(page.headers['content-security-policy'])).not.toContain('hm.baidu.com');
      const site = await injectApi(t, COMMON_API.siteConfig, {});
      expect(site.data.baiduTongjiSiteId).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('when configured, the buyer pages may load hm.js and send its beacons; the console still may not', async () => {
    const siteId = '0123456789abcdef0123456789abcdef';
    const t = await buildTestApp({ baiduTongjiSiteId: siteId });
    try {
      const csp = String((await t.call({ method: 'GET', url: '/search' })).headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/hm\.baidu\.com/);
      expect(csp).toMatch(/img-src [^;]*https:\/\/hm\.baidu\.com/);
      const admin = String((await t.call({ method: 'GET', url: '/admin' })).headers['content-security-policy']);
      expect(admin).not.toContain('hm.baidu.com');
      expect((await injectApi(t, COMMON_API.siteConfig, {})).data.baiduTongjiSiteId).toBe(siteId);
    } finally {
      await t.close();
    }
  });
});

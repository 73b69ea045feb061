import { ADMIN_ORDER_API, endpointUrl, LIST_COUNT_CAP, OrderStatus, OrderType, PayWay } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { sql } from 'drizzle-orm';
import {
  countAdminOrdersQuery,
  findSearchedOrderSids,
  listAdminOrdersQuery,
} from '../../src/modules/order/order.repository.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { planOf } from '../helpers/list-paging.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * 订单管理 finds an order by what an operator has in hand — the last digits of its number, part of
 * the buyer's e-mail, part of the company's name — and narrows by the day it was placed and its
 * amount; each through an index (pg_trgm on PostgreSQL and on PGlite alike).
 */
describe('GET /api/admin/orders: search, days and amount', () => {
  let t: TestApp;
  let operator: TestOperator;
  let jewel: TestBuyer;
  let other: TestBuyer;
  const sids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createTestOperator(t, '财务', ['finance']);
    jewel = await createBuyer(t, { company: '上海明珠珠宝有限公司', email: 'buyer.lin@mingzhu-jewel.cn' });
    other = await createBuyer(t, { company: '杭州西湖文化传媒', email: 'wang@xihu-media.cn' });
    const rows = [
      { key: 'a', orderNo: 'GSC20260301000123457', buyer: jewel, cents: 9_900, at: '2026-03-01T02:00:00Z' },
      { key: 'b', orderNo: 'GSC20260302000555501', buyer: jewel, cents: 120_000, at: '2026-03-02T15:59:59Z' },
      { key: 'c', orderNo: 'GSC20260303000987654', buyer: other, cents: 50_000, at: '2026-03-03T16:00:00Z' },
      { key: 'd', orderNo: 'GSC20260304000123499', buyer: other, cents: 200, at: '2026-03-05T01:00:00Z' },
    ];
    for (const row of rows) {
      sids[row.key] = newSid();
      await t.database.db.insert(orders).values({
        sid: sids[row.key]!,
        orderNo: row.orderNo,
        name: '素材授权订单',
        orderType: OrderType.MATERIAL,
        status: OrderStatus.PAYED,
        payWay: PayWay.WECHAT,
        priceOriginCents: row.cents,
        priceCents: row.cents,
        userSid: row.buyer.sid,
        ownerSid: row.buyer.sid,
        createdAt: new Date(row.at),
      });
    }
  });
  afterAll(async () => t.close());

  async function found(query: Record<string, string | number>): Promise<string[]> {
    const res = await injectApi(t, ADMIN_ORDER_API.list, {
      token: operator.token,
      query: { page: 1, page_size: 60, ...query },
    });
    expect(res.code, res.message).toBe(0);
    const ours = new Set(Object.values(sids));
    const keyOf = Object.fromEntries(Object.entries(sids).map(([k, v]) => [v, k]));
    expect(res.data.total).toBe(res.data.orders.length);
    return res.data.orders.filter((o) => ours.has(o.sid)).map((o) => keyOf[o.sid]!);
  }

  it('finds an order by the last digits of its number, or any part of it', async () => {
    expect(await found({ q: '987654' })).toEqual(['c']);
    expect(await found({ q: '5555' })).toEqual(['b']);
    expect(await found({ q: 'GSC20260301' })).toEqual(['a']);
  });

  it('finds the orders of a buyer by part of the e-mail, and of a company by part of its name', async () => {
    expect(await found({ q: 'mingzhu' })).toEqual(['b', 'a']);
    expect(await found({ q: 'WANG@XIHU' })).toEqual(['d', 'c']);
    expect(await found({ q: '西湖文化' })).toEqual(['d', 'c']);
  });

  it('reads a search term literally: % and _ are not wildcards', async () => {
    expect(await found({ q: '%' })).toEqual([]);
    expect(await found({ q: '_' })).toEqual([]);
  });

  it('narrows by the China-time days the order was placed, both included', async () => {
    // 2026-03-02T15:59:59Z is 23:59:59 on 3月2日 in China; 2026-03-03T16:00:00Z is 0:00 on 3月4日
    expect(await found({ from: '2026-03-02', to: '2026-03-03' })).toEqual(['b']);
    expect(await found({ from: '2026-03-04' })).toEqual(['d', 'c']);
    expect(await found({ to: '2026-03-01', q: 'GSC2026' })).toEqual(['a']);
  });

  it('narrows by amount in cents, both bounds included, with the other filters', async () => {
    expect(await found({ min_amount: 9_900, max_amount: 50_000 })).toEqual(['c', 'a']);
    expect(await found({ min_amount: 100_000 })).toEqual(['b']);
    expect(await found({ max_amount: 200, q: '123' })).toEqual(['d']);
  });

  it('reads the orders a term finds once, and hands at most what it asked for', async () => {
    expect((await findSearchedOrderSids(t.database.db, 'mingzhu', 10)).sort()).toEqual([sids.a, sids.b].sort());
    expect(await findSearchedOrderSids(t.database.db, 'GSC2026030', 3)).toHaveLength(3);
    // the list reads the found sids by key, with the other filters, newest first
    const page = await listAdminOrdersQuery(
      t.database.db,
      { foundSids: [sids.a!, sids.c!, sids.d!], maxCents: 50_000 },
      {
        offset: 0,
        limit: 10,
      },
    );
    expect(page.map((r) => r.order.sid)).toEqual([sids.d, sids.c, sids.a]);
  });

  it('lists a term that finds more orders than are handed on by searching again, counted to the cap', async () => {
    // 1,001 orders of one buyer whose numbers share a part: more than the list is handed as sids
    await t.database.db.execute(sql`
      insert into ${orders} (sid, order_no, name, order_type, status, pay_way, price_origin_cents, price_cents,
        user_sid, owner_sid, created_at)
      select 'many' || g, 'GSMANY' || lpad(g::text, 8, '0'), '素材授权订单', ${OrderType.MATERIAL}, ${OrderStatus.PAYED},
        ${PayWay.WECHAT}, 100, 100, ${other.sid}, ${other.sid}, timestamptz '2025-01-01T00:00:00Z' + make_interval(secs => g)
      from generate_series(1, ${LIST_COUNT_CAP + 1}) g`);
    try {
      const res = await injectApi(t, ADMIN_ORDER_API.list, {
        token: operator.token,
        query: { page: 1, page_size: 5, q: 'gsmany' },
      });
      expect(res.code, res.message).toBe(0);
      expect([res.data.total, res.data.totalCapped]).toEqual([LIST_COUNT_CAP, true]);
      const newest = LIST_COUNT_CAP + 1;
      expect(res.data.orders.map((o) => o.orderNo)).toEqual(
        [0, 1, 2, 3, 4].map((i) => `GSMANY${String(newest - i).padStart(8, '0')}`),
      );
    } finally {
      await t.database.db.execute(sql`delete from ${orders} where ${orders.sid} like 'many%'`);
    }
  });

  it.each([
    [{ from: '2026-3-1' }, '日期格式不正确，请按 年-月-日 选择'],
    [{ from: '2026-03-05', to: '2026-03-01' }, '结束日期不能早于开始日期'],
    [{ min_amount: '-1' }, '金额应为不小于 0 的整数（单位：分）'],
    [{ min_amount: '9.5' }, '金额应为不小于 0 的整数（单位：分）'],
    [{ min_amount: '500', max_amount: '100' }, '最高金额不能低于最低金额'],
  ])('refuses %j with a clear message', async (query, message) => {
    const res = await t.call({
      method: 'GET',
      url: endpointUrl(ADMIN_ORDER_API.list, { query: { page: 1, page_size: 20, ...query } }),
      token: operator.token,
    });
    expect([res.status, res.code, res.message]).toEqual([400, 1001, message]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'reads the trigram indexes for a search and the price index for an amount',
    async () => {
      const page = { offset: 0, limit: 21 };
      const search = await planOf(t.database.db, (tx) => listAdminOrdersQuery(tx, { q: 'mingzhu' }, page));
      expect(search).toMatch(/orders_order_no_trgm_idx/);
      expect(search).toMatch(/users_email_trgm_idx/);
      // the companies are main accounts: read by an index of theirs (on a tiny table the planner
      // may pick the main accounts' own rather than the trigrams), never the whole table
      expect(search).not.toMatch(/Seq Scan/);
      // the found sids are one array computed first, never hash-joined against a scan of every order
      expect(search).toMatch(/InitPlan/);
      expect(search).toMatch(/sid = ANY \(\$\d+\)/);
      // the orders a search found, handed on: never a scan of every order (at 200,000 orders the
      // planner reads them by orders_pkey; on this small table it may walk the list's own index)
      const handed = await planOf(t.database.db, (tx) =>
        listAdminOrdersQuery(tx, { foundSids: [sids.a!, sids.b!] }, page),
      );
      expect(handed).not.toMatch(/Seq Scan on orders/);
      const count = await planOf(t.database.db, (tx) => countAdminOrdersQuery(tx, { q: '123457' }).limit(1001));
      expect(count).toMatch(/orders_order_no_trgm_idx/);
      const amount = await planOf(t.database.db, (tx) =>
        listAdminOrdersQuery(tx, { minCents: 100_000, maxCents: 100_500 }, page),
      );
      expect(amount).toMatch(/orders_price_idx|orders_created_idx/);
      // the day range is a range of the list's own index
      const days = await planOf(t.database.db, (tx) =>
        listAdminOrdersQuery(
          tx,
          { since: new Date('2026-03-01T16:00:00Z'), until: new Date('2026-03-03T16:00:00Z') },
          page,
        ),
      );
      expect(days).toMatch(/Index Cond: \(\(created_at >=/);
    },
  );
});

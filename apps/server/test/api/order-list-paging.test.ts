import { LIST_COUNT_CAP, ORDER_API, OrderStatus, OrderType } from '@gemstock/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema/index.js';
import { rowsOf } from '../../src/db/sql.js';
import { newSid } from '../../src/lib/ids.js';
import { listOrdersQuery, type OrderListFilter } from '../../src/modules/order/order.repository.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let numbered = 0;

/** A statement with its parameters written in, for EXPLAIN (which takes no parameters). */
function inlineParams(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

/**
 * 我的订单 costs one page however many orders a company has: pages go on by cursor (keyset),
 * so nothing is skipped or shown twice while orders arrive, and the count stops at 1,000.
 */
describe('GET /api/order/list: paging that costs one page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** `n` orders of the buyer in one statement; each `createdAt` given, or the statement's now(). */
  async function addOrders(
    buyer: TestBuyer,
    n: number,
    options: { createdAt?: (i: number) => SQL | Date; status?: string } = {},
  ): Promise<string[]> {
    const rows = Array.from({ length: n }, (_, i) => {
      numbered += 1;
      return {
        sid: newSid(),
        orderNo: `GSP${String(numbered).padStart(10, '0')}`,
        name: '素材授权订单',
        orderType: OrderType.MATERIAL,
        status: options.status ?? OrderStatus.PAYED,
        priceOriginCents: 100,
        priceCents: 100,
        userSid: buyer.sid,
        ownerSid: buyer.sid,
        ...(options.createdAt ? { createdAt: options.createdAt(i) } : {}),
      };
    });
    await t.database.db.insert(orders).values(rows);
    return rows.map((r) => r.sid);
  }

  /** The buyer's orders as the database orders them, newest first. */
  async function expectedOrder(buyer: TestBuyer, sids: string[]): Promise<string[]> {
    const rows = await t.database.db
      .select({ sid: orders.sid })
      .from(orders)
      .where(sql`${orders.ownerSid} = ${buyer.sid} and ${orders.sid} in ${sids}`)
      .orderBy(sql`created_at desc, sid desc`);
    return rows.map((r) => r.sid);
  }

  it('goes on after the last order shown: new orders between pages skip or repeat nothing', async () => {
    const buyer = await createBuyer(t);
    // Orders made in one statement share a created_at; others a microsecond apart (one millisecond).
    const tied = await addOrders(buyer, 8, { createdAt: () => sql`now() - interval '1 hour'` });
    const micro = await addOrders(buyer, 6, {
      createdAt: (i) => sql`timestamptz '2026-01-01 00:00:00.000100+00' + make_interval(secs => ${i} / 1000000.0)`,
    });
    const older = await addOrders(buyer, 9, { createdAt: (i) => new Date(Date.UTC(2025, 0, 1 + i)) });
    const before = await expectedOrder(buyer, [...tied, ...micro, ...older]);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const res = await injectApi(t, ORDER_API.list, {
        token: buyer.token,
        query: { page: 1, page_size: 5, ...(cursor ? { cursor } : {}) },
      });
      expect(res.code).toBe(0);
      seen.push(...res.data.orders.map((o) => o.sid));
      // Orders keep arriving (newest first) while the buyer reads.
      await addOrders(buyer, 2);
      if (res.data.nextCursor === null) break;
      cursor = res.data.nextCursor;
    }
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('still answers page and page_size as before, with a nextCursor that goes on from that page', async () => {
    const buyer = await createBuyer(t);
    const sids = await addOrders(buyer, 12, { createdAt: (i) => new Date(Date.UTC(2025, 5, 1 + i)) });
    const all = await expectedOrder(buyer, sids);
    const second = await injectApi(t, ORDER_API.list, { token: buyer.token, query: { page: 2, page_size: 5 } });
    expect(second.data.total).toBe(12);
    expect(second.data.totalCapped).toBe(false);
    expect(second.data.orders.map((o) => o.sid)).toEqual(all.slice(5, 10));
    const third = await injectApi(t, ORDER_API.list, {
      token: buyer.token,
      query: { page: 1, page_size: 5, cursor: second.data.nextCursor! },
    });
    expect(third.data.orders.map((o) => o.sid)).toEqual(all.slice(10));
    expect(third.data.nextCursor).toBeNull();
  });

  it('keeps the filter when going on by cursor', async () => {
    const buyer = await createBuyer(t);
    const open = await addOrders(buyer, 4, {
      status: OrderStatus.CREATED,
      createdAt: (i) => new Date(Date.UTC(2025, 2, 1 + i)),
    });
    await addOrders(buyer, 4, { status: OrderStatus.PAYED, createdAt: (i) => new Date(Date.UTC(2025, 2, 1 + i)) });
    const first = await injectApi(t, ORDER_API.list, {
      token: buyer.token,
      query: { page: 1, page_size: 3, status: OrderStatus.CREATED },
    });
    const rest = await injectApi(t, ORDER_API.list, {
      token: buyer.token,
      query: { page: 1, page_size: 3, status: OrderStatus.CREATED, cursor: first.data.nextCursor! },
    });
    expect([...first.data.orders, ...rest.data.orders].map((o) => o.sid)).toEqual(await expectedOrder(buyer, open));
    expect(first.data.total).toBe(4);
  });

  it(`counts up to ${LIST_COUNT_CAP} orders and says when there are more`, async () => {
    const buyer = await createBuyer(t);
    await addOrders(buyer, LIST_COUNT_CAP);
    const exactly = await injectApi(t, ORDER_API.list, { token: buyer.token, query: { page: 1, page_size: 10 } });
    expect([exactly.data.total, exactly.data.totalCapped]).toEqual([LIST_COUNT_CAP, false]);
    await addOrders(buyer, 1);
    const more = await injectApi(t, ORDER_API.list, { token: buyer.token, query: { page: 1, page_size: 10 } });
    expect([more.data.total, more.data.totalCapped]).toEqual([LIST_COUNT_CAP, true]);
    expect(more.data.orders).toHaveLength(10);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'reads each page in index order: no filter of the list makes PostgreSQL sort the orders',
    async () => {
      const after = { at: '2026-01-01T00:00:00.000000Z', sid: 'zzzz' };
      const filters: OrderListFilter[] = [
        { ownerSid: 'owner' },
        { userSid: 'user' },
        { ownerSid: 'owner', status: OrderStatus.CREATED },
        { userSid: 'user', status: OrderStatus.PAYED },
        { ownerSid: 'owner', auditStatus: 'PENDING' },
        { ownerSid: 'owner', orderType: OrderType.MATERIAL },
      ];
      for (const filter of filters) {
        for (const page of [
          { offset: 990, limit: 11 },
          { offset: 0, limit: 11, after },
        ]) {
          const plan = await t.database.db.transaction(async (tx) => {
            // Only an order the index itself gives avoids a Sort node once sorting costs the most.
            await tx.execute(sql`set local enable_sort = off`);
            await tx.execute(sql`set local enable_seqscan = off`);
            const query = listOrdersQuery(tx, filter, page).toSQL();
            const explained = await tx.execute(sql.raw(`explain ${inlineParams(query.sql, query.params)}`));
            return rowsOf<{ 'QUERY PLAN': string }>(explained)
              .map((r) => r['QUERY PLAN'])
              .join('\n');
          });
          expect(plan, JSON.stringify(filter)).not.toMatch(/Sort/);
          expect(plan, JSON.stringify(filter)).toMatch(/Index Scan using orders_/);
        }
      }
    },
  );

  it('refuses a cursor it did not make, in Chinese, and reads nothing', async () => {
    const buyer = await createBuyer(t);
    for (const cursor of ['bm90LWEtY3Vyc29y', 'a+b/c', 'x'.repeat(300)]) {
      const res = await injectApi(t, ORDER_API.list, {
        query: { page: '1', page_size: '10', cursor: cursor },
        token: buyer.token,
      });
      expect(res.status).toBe(400);
      expect(res.code).toBe(1001);
      expect(res.message).toContain('分页位置不正确');
    }
  });
});

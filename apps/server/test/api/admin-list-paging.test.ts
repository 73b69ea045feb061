import {
  ADMIN_INVOICE_API,
  ADMIN_ORDER_API,
  ADMIN_SURVEY_API,
  InvoiceStatus,
  InvoiceType,
  LIST_COUNT_CAP,
  OrderStatus,
  OrderType,
  PayWay,
} from '@gemstock/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, orders, surveys } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { listAdminInvoicesQuery } from '../../src/modules/invoice/invoice.repository.js';
import {
  type AdminOrderFilter,
  countAdminOrdersQuery,
  listAdminOrdersQuery,
} from '../../src/modules/order/order.repository.js';
import { listSurveysQuery } from '../../src/modules/survey/survey.repository.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { microsAfter, planOf, walkByCursor } from '../helpers/list-paging.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let numbered = 0;

/**
 * The console's lists of orders, invoices and survey answers cost one page however much history
 * there is: each is read in the order of an index (for every filter of the orders list), goes on
 * by cursor after the last row shown without skipping or repeating one while rows arrive, and the
 * orders and invoices are counted up to LIST_COUNT_CAP, as the buyers' lists are.
 */
describe('console lists that cost one page', () => {
  let t: TestApp;
  let operator: TestOperator;
  let buyer: TestBuyer;
  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createTestOperator(t);
    buyer = await createBuyer(t, { company: '上海测试珠宝有限公司' });
  });
  afterAll(async () => {
    await t.close();
  });

  const after = { at: '2026-01-01T00:00:00.000000Z', sid: 'zzzz' };
  const pages = [
    { offset: 990, limit: 21 },
    { offset: 0, limit: 21, after },
  ] as const;

  describe('GET /api/admin/orders', () => {
    async function addOrders(n: number, options: { createdAt?: (i: number) => SQL | Date; status?: string } = {}) {
      await t.database.db.insert(orders).values(
        Array.from({ length: n }, (_, i) => {
          numbered += 1;
          return {
            sid: newSid(),
            orderNo: `GSC${String(numbered).padStart(10, '0')}`,
            name: '素材授权订单',
            orderType: OrderType.MATERIAL,
            status: options.status ?? OrderStatus.PAYED,
            payWay: PayWay.WECHAT,
            priceOriginCents: 100,
            priceCents: 100,
            userSid: buyer.sid,
            ownerSid: buyer.sid,
            ...(options.createdAt ? { createdAt: options.createdAt(i) } : {}),
          };
        }),
      );
    }

    async function expectedOrder(where: SQL): Promise<string[]> {
      const rows = await t.database.db
        .select({ sid: orders.sid })
        .from(orders)
        .where(where)
        .orderBy(sql`created_at desc, sid desc`);
      return rows.map((r) => r.sid);
    }

    it('goes on after the last order shown, with and without a filter, while orders arrive', async () => {
      await addOrders(6, { createdAt: () => sql`now() - interval '1 hour'` });
      await addOrders(5, { createdAt: (i) => microsAfter('2026-01-01 00:00:00.000100+00', i) });
      await addOrders(7, { createdAt: (i) => new Date(Date.UTC(2025, 0, 1 + i)), status: OrderStatus.CANCELLED });
      for (const status of [undefined, OrderStatus.CANCELLED]) {
        const before = await expectedOrder(status ? sql`status = ${status}` : sql`true`);
        const seen = await walkByCursor(
          async (cursor) => {
            const res = await injectApi(t, ADMIN_ORDER_API.list, {
              token: operator.token,
              query: { page: 1, page_size: 5, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
            });
            expect(res.code).toBe(0);
            return { items: res.data.orders.map((o) => o.sid), nextCursor: res.data.nextCursor };
          },
          () => addOrders(2, status ? { status } : {}),
        );
        expect(seen).toEqual(before);
      }
    });

    it(`counts up to ${LIST_COUNT_CAP.toLocaleString('en-US')} orders and says when there are more`, async () => {
      const first = await injectApi(t, ADMIN_ORDER_API.list, {
        token: operator.token,
        query: { page: 2, page_size: 5 },
      });
      const all = await expectedOrder(sql`true`);
      expect([first.data.total, first.data.totalCapped]).toEqual([all.length, false]);
      expect(first.data.orders.map((o) => o.sid)).toEqual(all.slice(5, 10));
      await t.database.db.execute(sql`
        insert into orders (sid, order_no, name, order_type, status, price_origin_cents, price_cents, user_sid, owner_sid)
        select md5(random()::text || g), 'GSX' || g, '素材授权订单', 'material', 'PAYED', 100, 100, ${buyer.sid}, ${buyer.sid}
        from generate_series(1, ${LIST_COUNT_CAP}) g`);
      const more = await injectApi(t, ADMIN_ORDER_API.list, {
        token: operator.token,
        query: { page: 1, page_size: 5 },
      });
      expect([more.data.total, more.data.totalCapped]).toEqual([LIST_COUNT_CAP, true]);
    });

    it.skipIf(!process.env.DATABASE_URL)('reads each page in the order of an index for every filter', async () => {
      const filters: AdminOrderFilter[] = [
        {},
        { status: OrderStatus.CREATED },
        { orderType: OrderType.CUSTOM },
        { payWay: PayWay.TRANSFER },
        { status: OrderStatus.CREATED, payWay: PayWay.TRANSFER },
      ];
      for (const filter of filters) {
        for (const page of pages) {
          const plan = await planOf(t.database.db, (tx) => listAdminOrdersQuery(tx, filter, page));
          expect(plan, JSON.stringify(filter)).not.toMatch(/Sort/);
          expect(plan, JSON.stringify(filter)).toMatch(
            /Index Scan using orders_(created|status|type_created|pay_way_created)_idx/,
          );
        }
        // Without a search term the count reads the orders' index alone, never the buyers.
        const count = await planOf(t.database.db, (tx) => countAdminOrdersQuery(tx, filter).limit(10_001));
        expect(count, JSON.stringify(filter)).not.toMatch(/users/);
        expect(count, JSON.stringify(filter)).toMatch(/(using|on) orders_\w+_(idx|key)/);
      }
    });
  });

  describe('GET /api/admin/invoices', () => {
    async function addInvoices(n: number, dueAt: (i: number) => SQL | Date, status: string = InvoiceStatus.REQUESTED) {
      await t.database.db.insert(invoices).values(
        Array.from({ length: n }, (_, i) => ({
          sid: newSid(),
          ownerSid: buyer.sid,
          requestedBySid: buyer.sid,
          type: InvoiceType.ORDINARY,
          title: '上海测试珠宝有限公司',
          taxpayerNumber: '91310000MA1FL0XX2F',
          amountCents: 100,
          status,
          dueAt: dueAt(i),
        })),
      );
    }

    async function expectedOrder(where: SQL): Promise<string[]> {
      const rows = await t.database.db
        .select({ sid: invoices.sid })
        .from(invoices)
        .where(where)
        .orderBy(sql`due_at, sid`);
      return rows.map((r) => r.sid);
    }

    it('goes on after the last invoice shown, most urgent first, whole and by status', async () => {
      await addInvoices(4, () => new Date(Date.UTC(2026, 0, 10)));
      await addInvoices(5, (i) => microsAfter('2026-01-05 00:00:00.000100+00', i));
      await addInvoices(6, (i) => new Date(Date.UTC(2026, 0, 1 + i)), InvoiceStatus.ISSUED);
      for (const status of [undefined, InvoiceStatus.REQUESTED]) {
        const before = await expectedOrder(status ? sql`status = ${status}` : sql`true`);
        const seen = await walkByCursor(
          async (cursor) => {
            const res = await injectApi(t, ADMIN_INVOICE_API.list, {
              token: operator.token,
              query: { page: 1, page_size: 4, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) },
            });
            expect(res.code).toBe(0);
            return { items: res.data.invoices.map((v) => v.sid), nextCursor: res.data.nextCursor };
          },
          async () => {},
        );
        expect(seen).toEqual(before);
      }
      const counted = await injectApi(t, ADMIN_INVOICE_API.list, { token: operator.token, query: { page: 2 } });
      expect([counted.data.total, counted.data.totalCapped]).toEqual([15, false]);
    });

    it('skips or repeats nothing when an earlier invoice is added between pages', async () => {
      await t.database.db.execute(sql`delete from invoices`);
      await addInvoices(6, (i) => new Date(Date.UTC(2026, 5, 1 + i)));
      const before = await expectedOrder(sql`true`);
      const first = await injectApi(t, ADMIN_INVOICE_API.list, { token: operator.token, query: { page_size: 3 } });
      await addInvoices(1, () => new Date(Date.UTC(2026, 4, 1)));
      const rest = await injectApi(t, ADMIN_INVOICE_API.list, {
        token: operator.token,
        query: { page_size: 3, cursor: first.data.nextCursor! },
      });
      expect([...first.data.invoices, ...rest.data.invoices].map((v) => v.sid)).toEqual(before);
    });

    it.skipIf(!process.env.DATABASE_URL)('reads each page in the order of an index, whole or by status', async () => {
      for (const filter of [{}, { status: InvoiceStatus.REQUESTED }]) {
        for (const page of pages) {
          const plan = await planOf(t.database.db, (tx) => listAdminInvoicesQuery(tx, filter, page));
          expect(plan, JSON.stringify(filter)).not.toMatch(/Sort/);
          expect(plan, JSON.stringify(filter)).toMatch(/invoices_(status_)?due_idx/);
        }
      }
    });
  });

  describe('GET /api/admin/surveys', () => {
    async function addAnswers(n: number, createdAt?: (i: number) => SQL | Date) {
      for (let i = 0; i < n; i += 1) {
        const answering = await createBuyer(t);
        await t.database.db.insert(surveys).values({
          sid: newSid(),
          userSid: answering.sid,
          ownerSid: answering.sid,
          satisfactionTenths: 45,
          scoreTenths: 40,
          ...(createdAt ? { createdAt: createdAt(i) } : {}),
        });
      }
    }

    it('goes on after the last answer shown, newest first, while answers arrive', async () => {
      await addAnswers(3, () => new Date(Date.UTC(2026, 0, 3)));
      await addAnswers(4, (i) => microsAfter('2026-01-02 00:00:00.000100+00', i));
      await addAnswers(3, (i) => new Date(Date.UTC(2025, 0, 1 + i)));
      const rows = await t.database.db
        .select({ sid: surveys.sid })
        .from(surveys)
        .orderBy(sql`created_at desc, sid desc`);
      const seen = await walkByCursor(
        async (cursor) => {
          const res = await injectApi(t, ADMIN_SURVEY_API.list, {
            token: operator.token,
            query: { page: 1, page_size: 3, ...(cursor ? { cursor } : {}) },
          });
          expect(res.code).toBe(0);
          return { items: res.data.surveys.map((s) => s.sid), nextCursor: res.data.nextCursor };
        },
        () => addAnswers(1),
      );
      expect(seen).toEqual(rows.map((r) => r.sid));
    });

    it.skipIf(!process.env.DATABASE_URL)('reads each page in the order of its index, never sorted', async () => {
      for (const page of pages) {
        const plan = await planOf(t.database.db, (tx) => listSurveysQuery(tx, page));
        expect(plan).not.toMatch(/Sort/);
        expect(plan).toMatch(/surveys_created_idx/);
      }
    });
  });
});

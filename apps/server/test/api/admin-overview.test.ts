import {
  ADMIN_OVERVIEW_API,
  LIST_COUNT_CAP,
  OVERVIEW_NEEDS,
  type OverviewItem,
  type TAdminOverview,
} from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demands, invoices, orders, paymentExceptions } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { overviewCountQuery } from '../../src/modules/overview/overview.repository.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, insertMaterial, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { planOf } from '../helpers/list-paging.js';
import { createMaterials, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const DAY = 24 * 3600 * 1000;

/** The console's first page: what is waiting on the operators, each figure for the roles that act on it. */
describe('GET /api/admin/overview', () => {
  let t: TestApp;
  let admin: TestOperator;
  let buyer: TestBuyer;

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await createTestOperator(t, '管理员');
    buyer = await createBuyer(t, { company: '宝图测试企业' });
  });
  afterAll(async () => t.close());

  async function overview(token: string): Promise<TAdminOverview> {
    return (await injectApi(t, ADMIN_OVERVIEW_API.overview, { token })).data;
  }

  function countOf(figures: TAdminOverview): Record<string, number | null> {
    return Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v?.count ?? null]));
  }

  async function unpaidOrder(payWay: string) {
    const [m] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [m!.sid]: 2 });
    await t.database.db.update(orders).set({ payWay }).where(eq(orders.sid, order.sid));
    return order;
  }

  async function invoice(status: string, dueAt: Date) {
    await t.database.db.insert(invoices).values({
      sid: newSid(),
      ownerSid: buyer.sid,
      requestedBySid: buyer.sid,
      type: 'NORMAL',
      title: '宝图测试企业',
      taxpayerNumber: '91310000MA1FL0000X',
      amountCents: 10000,
      status,
      dueAt,
    });
  }

  async function demand(status: string, stageDeadline: Date | null) {
    await t.database.db
      .insert(demands)
      .values({ sid: newSid(), userSid: buyer.sid, ownerSid: buyer.sid, status, stageDeadline });
  }

  async function exception(status: string) {
    await t.database.db.insert(paymentExceptions).values({
      gateway: 'sandbox',
      outTradeNo: newSid(),
      tradeNo: newSid(),
      reason: 'order_cancelled',
      amountCents: 100,
      status,
    });
  }

  it("counts each kind of waiting work and nothing that is not the operators' to do", async () => {
    const before = countOf(await overview(admin.token));

    await unpaidOrder('TRANSFER');
    await unpaidOrder('TRANSFER');
    await unpaidOrder('WECHAT'); // the buyer's to pay, not a transfer to confirm
    await exception('PENDING');
    await exception('HANDLED');
    await invoice('REQUESTED', new Date(Date.now() - DAY)); // to issue, and overdue
    await invoice('REQUESTED', new Date(Date.now() + 5 * DAY)); // to issue
    await invoice('ISSUED', new Date(Date.now() - DAY)); // done
    await demand('SUBMITTED', new Date(Date.now() - DAY)); // to assign, and overdue
    await demand('QUOTE_REQUESTED', null); // to price
    await demand('DRAFT_REVIEW', new Date(Date.now() + DAY)); // the buyer's turn
    await demand('DELIVERED', null);
    await insertMaterial(t, { keywords: ['坏图'], status: 'failed' });
    await insertMaterial(t, { keywords: ['待审'], reviewState: 'pending' });
    await insertMaterial(t, { keywords: ['已驳回'], reviewState: 'rejected' });
    await insertMaterial(t, { keywords: ['在售'] });

    const after = countOf(await overview(admin.token));
    const added = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v! - before[k]!]));
    expect(added).toEqual({
      transfersWaiting: 2,
      exceptionsOpen: 1,
      invoicesToIssue: 2,
      invoicesOverdue: 1,
      demandsWaiting: 2,
      demandsOverdue: 1,
      mediaFailed: 1,
      reviewPending: 1,
    });
  });

  it('shows each role only the figures it may act on; the others are null, not zero', async () => {
    const finance = await createTestOperator(t, '财务', ['finance']);
    const content = await createTestOperator(t, '内容', ['content']);
    const service = await createTestOperator(t, '客服', ['service']);
    const shown = (figures: TAdminOverview) =>
      Object.entries(figures)
        .filter(([, v]) => v !== null)
        .map(([k]) => k)
        .sort();

    expect(shown(await overview(finance.token))).toEqual([
      'exceptionsOpen',
      'invoicesOverdue',
      'invoicesToIssue',
      'transfersWaiting',
    ]);
    expect(shown(await overview(content.token))).toEqual(['mediaFailed', 'reviewPending']);
    expect(shown(await overview(service.token))).toEqual(['demandsOverdue', 'demandsWaiting']);
    expect(shown(await overview(admin.token))).toHaveLength(8);
  });

  it(`stops counting at ${LIST_COUNT_CAP.toLocaleString('en-US')} and says there are more`, async () => {
    await t.database.db.execute(sql`
      insert into payment_exceptions (gateway, out_trade_no, trade_no, reason, amount_cents, status)
      select 'sandbox', 'cap-' || g, 'cap-' || g, 'order_cancelled', 100, 'PENDING'
      from generate_series(1, ${LIST_COUNT_CAP + 1}) g`);
    expect((await overview(admin.token)).exceptionsOpen).toEqual({ count: LIST_COUNT_CAP, capped: true });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'counts each figure from the index of its queue, never a whole table',
    async () => {
      const INDEX: Record<OverviewItem, string> = {
        transfersWaiting: 'orders_status_idx',
        exceptionsOpen: 'payment_exceptions_status_idx',
        invoicesToIssue: 'invoices_status_due_idx',
        invoicesOverdue: 'invoices_status_due_idx',
        demandsWaiting: 'demands_board_idx',
        demandsOverdue: 'demands_deadline_idx',
        mediaFailed: 'materials_status_created_idx',
        reviewPending: 'materials_review_queue_idx',
      };
      for (const item of Object.keys(OVERVIEW_NEEDS) as OverviewItem[]) {
        const plan = await planOf(t.database.db, (tx) =>
          overviewCountQuery(tx, item, new Date()).limit(LIST_COUNT_CAP + 1),
        );
        expect(plan, item).not.toMatch(/Seq Scan/);
        expect(plan, item).toContain(INDEX[item]);
      }
    },
  );
});

import {
  ADMIN_AUDIT_API,
  ErrorCode,
  OperatorRole,
  type TAuditEntry,
  type TAuditQuery,
  ZAuditListResponse,
} from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, paymentExceptions } from '../../src/db/schema/index.js';
import { recordOperatorAction } from '../../src/modules/audit/audit-log.repository.js';
import { enforceRetention } from '../../src/modules/common/retention.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, insertMaterial } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { insertTestCoupon, insertTestOrder } from '../helpers/payment-orders.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;

let t: TestApp;
let alice: TestOperator;
let bob: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createTestOperator(t, '王爱丽');
  bob = await createTestOperator(t, '李博');
});
afterAll(async () => t.close());

const audit = (query: TAuditQuery, token = alice.token) => injectApi(t, ADMIN_AUDIT_API.list, { query, token });

/** Every page of a search, following the cursor to the end. */
async function allPages(query: TAuditQuery): Promise<{ entries: TAuditEntry[]; pages: number }> {
  const entries: TAuditEntry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const res = await audit({ ...query, ...(cursor ? { cursor } : {}) });
    expect(res.code).toBe(0);
    entries.push(...res.data.entries);
    pages += 1;
    if (!res.data.nextCursor) return { entries, pages };
    cursor = res.data.nextCursor;
  }
}

describe('GET /api/admin/audit: who touched this object', () => {
  it('finds every action on one order by its number, whoever did it, and nothing of other orders', async () => {
    const { order } = await insertTestOrder(t, { payWay: 'TRANSFER' });
    const { order: other } = await insertTestOrder(t, { payWay: 'TRANSFER' });
    await recordOperatorAction(t.database.db, {
      operatorSid: alice.sid,
      action: 'order.reject_transfer',
      entity: 'order',
      entitySid: order.sid,
      before: { status: 'CREATED' },
      after: { note: '未到账' },
    });
    await recordOperatorAction(t.database.db, {
      operatorSid: bob.sid,
      action: 'order.confirm_transfer',
      entity: 'order',
      entitySid: other.sid,
      before: null,
      after: null,
    });
    // An invoice for the order: its entry names the order among its refs.
    await recordOperatorAction(t.database.db, {
      operatorSid: bob.sid,
      action: 'invoice.issue',
      entity: 'invoice',
      entitySid: 'invoicesid000001',
      before: null,
      after: null,
      refs: [order.sid],
    });

    // A payment exception of the order, handled: its entry names the exception only.
    const [exception] = await t.database.db
      .insert(paymentExceptions)
      .values({ gateway: 'sandbox', outTradeNo: order.sid, tradeNo: 'T1', reason: 'paid_twice', orderSid: order.sid })
      .returning();
    await recordOperatorAction(t.database.db, {
      operatorSid: alice.sid,
      action: 'payment_exception.handle',
      entity: 'payment_exception',
      entitySid: String(exception!.id),
      before: null,
      after: { note: '已线下退回' },
    });

    const res = await audit({ q: ` ${order.orderNo} ` });
    expect(res.code).toBe(0);
    expect(() => ZAuditListResponse.parse(res.data)).not.toThrow();
    expect(res.data.entries.map((e) => [e.action, e.operatorName, e.entityRef])).toEqual([
      ['payment_exception.handle', '王爱丽', String(exception!.id)],
      ['invoice.issue', '李博', 'invoicesid000001'],
      ['order.reject_transfer', '王爱丽', order.orderNo],
    ]);
    expect(res.data.entries[2]).toMatchObject({
      operatorSid: alice.sid,
      operatorUsername: alice.username,
      entity: 'order',
      entitySid: order.sid,
      before: { status: 'CREATED' },
      after: { note: '未到账' },
      archived: false,
    });
    expect(res.data.nextCursor).toBeNull();
    // The order's sid finds the same entries; a link to one object names its kind and sid exactly.
    expect((await audit({ q: order.sid })).data.entries).toHaveLength(3);
    const exact = await audit({ entity: 'order', sid: order.sid });
    expect(exact.data.entries.map((e) => e.action)).toEqual(['order.reject_transfer']);
  });

  it('finds a material by its 编号 and a coupon by its code (any case), with the id people use', async () => {
    const material = await insertMaterial(t, { keywords: ['手镯'] });
    await recordOperatorAction(t.database.db, {
      operatorSid: bob.sid,
      action: 'material.update',
      entity: 'material',
      entitySid: material.sid,
      before: { featured: false },
      after: { featured: true },
    });
    const byMaterial = await audit({ q: material.sid });
    expect(byMaterial.data.entries.map((e) => [e.action, e.operatorName, e.entityRef])).toEqual([
      ['material.update', '李博', material.sid],
    ]);

    const coupon = await insertTestCoupon(t, { code: 'SPRING2026' });
    await recordOperatorAction(t.database.db, {
      operatorSid: alice.sid,
      action: 'coupon.update',
      entity: 'coupon',
      entitySid: coupon.sid,
      before: { limit: 10 },
      after: { limit: 20 },
    });
    const byCode = await audit({ q: 'spring2026' });
    expect(byCode.data.entries.map((e) => [e.action, e.entitySid, e.entityRef])).toEqual([
      ['coupon.update', coupon.sid, 'SPRING2026'],
    ]);
    expect((await audit({ q: 'nothing-like-this' })).data).toEqual({ entries: [], nextCursor: null });
  });
});

describe('GET /api/admin/audit: filters, kept to China-time days', () => {
  let scope: string;
  beforeAll(async () => {
    scope = `scope${Date.now()}`;
    // 2026-03-01 23:59:59 and 2026-03-02 00:00:00 in China are 15:59:59 and 16:00:00 UTC.
    const at = (iso: string) => new Date(iso);
    const rows = [
      { operatorSid: alice.sid, action: 'coupon.create', createdAt: at('2026-03-01T15:59:59Z') },
      { operatorSid: bob.sid, action: 'coupon.create', createdAt: at('2026-03-01T16:00:00Z') },
      { operatorSid: alice.sid, action: 'coupon.grant', createdAt: at('2026-03-02T15:59:59Z') },
      { operatorSid: alice.sid, action: 'coupon.create', createdAt: at('2026-03-02T16:00:00Z') },
    ];
    await t.database.db
      .insert(auditLogs)
      .values(
        rows.map((r) => ({ ...r, entity: 'coupon', entitySid: scope, refs: [scope], before: null, after: null })),
      );
  });

  const times = async (query: TAuditQuery) =>
    (await audit({ q: scope, ...query })).data.entries.map((e) => e.createdAt);

  it('reads a day range in China time, both ends included', async () => {
    expect(await times({ from: '2026-03-02', to: '2026-03-02' })).toEqual([
      '2026-03-02T15:59:59.000Z',
      '2026-03-01T16:00:00.000Z',
    ]);
    expect(await times({ to: '2026-03-01' })).toEqual(['2026-03-01T15:59:59.000Z']);
    expect(await times({ from: '2026-03-03' })).toEqual(['2026-03-02T16:00:00.000Z']);
  });

  it('filters by operator and by action', async () => {
    expect(await times({ operator: bob.sid })).toEqual(['2026-03-01T16:00:00.000Z']);
    expect(await times({ operator: alice.sid, action: 'coupon.create' })).toEqual([
      '2026-03-02T16:00:00.000Z',
      '2026-03-01T15:59:59.000Z',
    ]);
  });

  it('refuses a range that ends before it starts, a malformed day and a forged cursor, with Chinese messages', async () => {
    const backwards = await audit({ from: '2026-03-02', to: '2026-03-01' });
    expect([backwards.status, backwards.code, backwards.message]).toEqual([400, 1001, '开始日期不能晚于结束日期']);
    expect((await audit({ from: '2026/03/01' })).message).toBe('日期格式应为 2026-01-31');
    const forged = Buffer.from(JSON.stringify(['2026-03-02T00:00:00.000000Z', 'abc'])).toString('base64url');
    expect((await audit({ cursor: forged })).message).toBe('分页位置不正确，请从第一页重新查看');
  });
});

describe('GET /api/admin/audit: down to the oldest entry', () => {
  it('pages by cursor through the hot table and then the archive the retention job moved entries to', async () => {
    const ref = `paging${Date.now()}`;
    const now = Date.now();
    // 7 recent entries and 5 from three years ago, which the retention job moves to the archive.
    const values = [
      ...Array.from({ length: 7 }, (_, i) => new Date(now - i * 60_000)),
      ...Array.from({ length: 5 }, (_, i) => new Date(now - 3 * 365 * DAY_MS - i * DAY_MS)),
    ].map((createdAt) => ({
      operatorSid: alice.sid,
      action: 'material.update',
      entity: 'material',
      entitySid: ref,
      refs: [ref],
      before: null,
      after: null,
      createdAt,
    }));
    await t.database.db.insert(auditLogs).values(values);
    expect((await enforceRetention({ db: t.database.db })).audit_logs).toBe(5);

    const { entries, pages } = await allPages({ q: ref, page_size: 4 });
    expect(pages).toBe(3);
    expect(entries).toHaveLength(12);
    expect(entries.map((e) => e.createdAt)).toEqual(values.map((v) => v.createdAt.toISOString()));
    expect(entries.map((e) => e.archived)).toEqual([...Array(7).fill(false), ...Array(5).fill(true)]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(12);
    expect(entries[11]).toMatchObject({ operatorName: '王爱丽', entityRef: ref });
  });
});

describe('GET /api/admin/audit: who may read it', () => {
  it('is for 管理员 only', async () => {
    const content = await createTestOperator(t, '内容', [OperatorRole.CONTENT]);
    expect((await audit({}, content.token)).code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
    const buyer = await createBuyer(t);
    expect((await audit({}, buyer.token)).code).toBe(ErrorCode.TOKEN_INVALID.code);
    expect((await injectApi(t, ADMIN_AUDIT_API.list)).code).toBe(ErrorCode.AUTH_REQUIRED.code);
  });
});

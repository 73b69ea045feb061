import { AuditStatus, LIST_COUNT_CAP, OrderStatus, OrderType, USER_API } from '@gemstock/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { listSubAccountsQuery } from '../../src/modules/user/user.repository.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { planOf, walkByCursor } from '../helpers/list-paging.js';
import { createSubAccount } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * A main account's sub-accounts come a page at a time, oldest first: by number, or by cursor after
 * the last one shown (nothing skipped or repeated while sub-accounts are added), counted up to 1,000.
 */
describe('GET /api/user/sub_user: paging that costs one page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function expectedOrder(main: TestBuyer): Promise<string[]> {
    const rows = await t.database.db
      .select({ sid: users.sid })
      .from(users)
      .where(eq(users.parentSid, main.sid))
      .orderBy(sql`created_at, sid`);
    return rows.map((r) => r.sid);
  }

  /** `n` sub-accounts made in one statement (one creation time), or one each. */
  async function addSubAccounts(main: TestBuyer, n: number): Promise<void> {
    await t.database.db.insert(users).values(
      Array.from({ length: n }, () => {
        const sid = newSid();
        return { sid, level: 1, parentSid: main.sid, username: `sub${sid}`, passwordHash: 'not-a-real-hash' };
      }),
    );
  }

  it('goes on after the last sub-account shown: sub-accounts added between pages skip or repeat nothing', async () => {
    const main = await createBuyer(t);
    await addSubAccounts(main, 5);
    for (let i = 0; i < 6; i += 1) await createSubAccount(t, main.sid);
    const before = await expectedOrder(main);
    const seen = await walkByCursor(
      async (cursor) => {
        const res = await injectApi(t, USER_API.subUsers, {
          token: main.token,
          query: { page: 1, page_size: 3, ...(cursor ? { cursor } : {}) },
        });
        expect(res.code).toBe(0);
        return { items: res.data.sub_users.map((s) => s.sid), nextCursor: res.data.nextCursor };
      },
      () => addSubAccounts(main, 1),
    );
    // The oldest first: the ones added while reading come after everything there before them, and
    // each is seen once (all but the one added after the last page).
    expect(seen.slice(0, before.length)).toEqual(before);
    expect(seen).toEqual((await expectedOrder(main)).slice(0, -1));
  });

  it(`answers a page by number and counts up to ${LIST_COUNT_CAP} sub-accounts`, async () => {
    const main = await createBuyer(t);
    await addSubAccounts(main, LIST_COUNT_CAP);
    const second = await injectApi(t, USER_API.subUsers, { token: main.token, query: { page: 2, page_size: 20 } });
    expect([second.data.total, second.data.totalCapped]).toEqual([LIST_COUNT_CAP, false]);
    expect(second.data.sub_users.map((s) => s.sid)).toEqual((await expectedOrder(main)).slice(20, 40));
    await addSubAccounts(main, 1);
    const more = await injectApi(t, USER_API.subUsers, { token: main.token });
    expect([more.data.total, more.data.totalCapped]).toEqual([LIST_COUNT_CAP, true]);
  });

  it("counts each sub-account's orders waiting for approval, and only the company's", async () => {
    const main = await createBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    const order = (auditStatus: string, ownerSid = main.sid) => ({
      sid: newSid(),
      orderNo: `GSA${newSid(10)}`,
      name: '素材授权订单',
      orderType: OrderType.MATERIAL,
      status: OrderStatus.CREATED,
      priceOriginCents: 100,
      priceCents: 100,
      userSid: sub.sid,
      ownerSid,
      auditStatus,
    });
    await t.database.db
      .insert(orders)
      .values([order(AuditStatus.PENDING), order(AuditStatus.PENDING), order(AuditStatus.APPROVED)]);
    const res = await injectApi(t, USER_API.subUsers, { token: main.token });
    expect(res.data.sub_users.find((s) => s.sid === sub.sid)).toMatchObject({ orderWaiting: 2 });
  });

  it.skipIf(!process.env.DATABASE_URL)('reads each page in the order of its index, never sorted', async () => {
    const after = { at: '2026-01-01T00:00:00.000000Z', sid: 'a' };
    for (const page of [
      { offset: 990, limit: 11 },
      { offset: 0, limit: 11, after },
    ]) {
      const plan = await planOf(t.database.db, (tx) => listSubAccountsQuery(tx, 'main', page));
      expect(plan).not.toMatch(/Sort/);
      expect(plan).toMatch(/users_parent_idx/);
    }
  });
});

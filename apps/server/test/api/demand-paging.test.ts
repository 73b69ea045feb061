import { DESIGN_API } from '@gemstock/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demands } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { listDemandsOfQuery } from '../../src/modules/design/design.repository.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { microsAfter, planOf, walkByCursor } from '../helpers/list-paging.js';
import { createSubAccount } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * 定制记录 goes on by cursor after the last request shown, so requests submitted while the buyer
 * reads neither push one onto the next page a second time nor hide one; pages are read in the
 * order of their index whether a company or one of its accounts asks.
 */
describe('GET /api/user/demand: paging that costs one page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function addDemands(user: TestBuyer, ownerSid: string, n: number, createdAt?: (i: number) => SQL | Date) {
    await t.database.db.insert(demands).values(
      Array.from({ length: n }, (_, i) => ({
        sid: newSid(),
        userSid: user.sid,
        ownerSid,
        ...(createdAt ? { createdAt: createdAt(i) } : {}),
      })),
    );
  }

  async function expectedOrder(where: SQL): Promise<string[]> {
    const rows = await t.database.db
      .select({ sid: demands.sid })
      .from(demands)
      .where(where)
      .orderBy(sql`created_at desc, sid desc`);
    return rows.map((r) => r.sid);
  }

  const walk = (account: TestBuyer, between: () => Promise<unknown>) =>
    walkByCursor(async (cursor) => {
      const res = await injectApi(t, DESIGN_API.list, {
        token: account.token,
        query: { page: 1, page_size: 4, ...(cursor ? { cursor } : {}) },
      });
      expect(res.code).toBe(0);
      expect(res.data.hasMore).toBe(res.data.nextCursor !== null);
      return { items: res.data.demands.map((d) => d.sid), nextCursor: res.data.nextCursor };
    }, between);

  it('goes on after the last request shown, for a company and for one of its accounts', async () => {
    const main = await createBuyer(t);
    const sub = await createSubAccount(t, main.sid);
    await addDemands(main, main.sid, 4, () => sql`now() - interval '1 day'`);
    await addDemands(sub, main.sid, 5, (i) => microsAfter('2026-02-01 00:00:00.000100+00', i));
    await addDemands(sub, main.sid, 6, (i) => new Date(Date.UTC(2025, 1, 1 + i)));

    const company = await expectedOrder(sql`owner_sid = ${main.sid}`);
    expect(await walk(main, () => addDemands(main, main.sid, 1))).toEqual(company);
    const own = await expectedOrder(sql`user_sid = ${sub.sid}`);
    expect(await walk(sub, () => addDemands(sub, main.sid, 2))).toEqual(own);
  });

  it('still answers page and page_size, with hasMore as before', async () => {
    const main = await createBuyer(t);
    await addDemands(main, main.sid, 7, (i) => new Date(Date.UTC(2025, 2, 1 + i)));
    const all = await expectedOrder(sql`owner_sid = ${main.sid}`);
    const second = await injectApi(t, DESIGN_API.list, { token: main.token, query: { page: 2, page_size: 3 } });
    expect(second.data.demands.map((d) => d.sid)).toEqual(all.slice(3, 6));
    expect(second.data.hasMore).toBe(true);
    const last = await injectApi(t, DESIGN_API.list, {
      token: main.token,
      query: { page: 1, page_size: 3, cursor: second.data.nextCursor! },
    });
    expect(last.data.demands.map((d) => d.sid)).toEqual(all.slice(6));
    expect([last.data.hasMore, last.data.nextCursor]).toEqual([false, null]);
  });

  it.skipIf(!process.env.DATABASE_URL)('reads each page in the order of its index, never sorted', async () => {
    const after = { at: '2026-01-01T00:00:00.000000Z', sid: 'zzzz' };
    for (const filter of [{ ownerSid: 'owner' }, { userSid: 'user' }]) {
      for (const page of [
        { offset: 990, limit: 11 },
        { offset: 0, limit: 11, after },
      ]) {
        const plan = await planOf(t.database.db, (tx) => listDemandsOfQuery(tx, filter, page));
        expect(plan, JSON.stringify(filter)).not.toMatch(/Sort/);
        expect(plan, JSON.stringify(filter)).toMatch(/demands_(owner|user)_idx/);
      }
    }
  });
});

import { LICENCE_API, LIST_COUNT_CAP, OrderStatus, OrderType } from '@gemstock/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences, materials, orders } from '../../src/db/schema/index.js';
import { rowsOf } from '../../src/db/sql.js';
import { newSid } from '../../src/lib/ids.js';
import { listOwnedLicencesQuery } from '../../src/modules/licence/licence.repository.js';
import { createBuyer, materialValues, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let numbered = 0;

/**
 * 已购素材 costs one page however many licences a company holds: pages go on by cursor, so
 * nothing is skipped or shown twice while purchases arrive, and the count stops at 1,000.
 */
describe('GET /api/user/material: paging that costs one page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** `n` licences of the buyer (one paid order, a material each), in one statement. */
  async function addLicences(buyer: TestBuyer, n: number, createdAt?: (i: number) => SQL | Date): Promise<string[]> {
    numbered += 1;
    const orderSid = newSid();
    await t.database.db.insert(orders).values({
      sid: orderSid,
      orderNo: `GSL${String(numbered).padStart(10, '0')}`,
      name: '素材授权订单',
      orderType: OrderType.MATERIAL,
      status: OrderStatus.PAYED,
      priceOriginCents: 100,
      priceCents: 100,
      userSid: buyer.sid,
      ownerSid: buyer.sid,
    });
    const made = Array.from({ length: n }, () => materialValues({ keywords: ['戒指'] }));
    await t.database.db.insert(materials).values(made);
    const rows = made.map((m, i) => ({
      sid: newSid(),
      certNo: `C${newSid(12)}`,
      ownerSid: buyer.sid,
      buyerSid: buyer.sid,
      orderSid,
      materialSid: m.sid!,
      spec: 2,
      ...(createdAt ? { createdAt: createdAt(i) } : {}),
    }));
    await t.database.db.insert(licences).values(rows);
    return rows.map((r) => r.sid);
  }

  async function expectedOrder(buyer: TestBuyer): Promise<string[]> {
    const rows = await t.database.db
      .select({ sid: licences.sid })
      .from(licences)
      .where(sql`${licences.ownerSid} = ${buyer.sid}`)
      .orderBy(sql`created_at desc, sid desc`);
    return rows.map((r) => r.sid);
  }

  /** The licence sids of a page, through the certificate links (the wire has no licence sid). */
  const certsOf = (page: { materials: { certNo: string }[] }) => page.materials.map((m) => m.certNo);

  it('goes on after the last licence shown: purchases between pages skip or repeat nothing', async () => {
    const buyer = await createBuyer(t);
    await addLicences(buyer, 7, () => sql`now() - interval '1 hour'`);
    await addLicences(
      buyer,
      5,
      (i) => sql`timestamptz '2026-01-01 00:00:00.000100+00' + make_interval(secs => ${i} / 1000000.0)`,
    );
    await addLicences(buyer, 6, (i) => new Date(Date.UTC(2025, 0, 1 + i)));
    const before = await expectedOrder(buyer);
    const certOf = new Map(
      (await t.database.db.select({ sid: licences.sid, certNo: licences.certNo }).from(licences)).map((r) => [
        r.certNo,
        r.sid,
      ]),
    );

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const res = await injectApi(t, LICENCE_API.purchased, {
        token: buyer.token,
        query: { page: 1, page_size: 5, ...(cursor ? { cursor } : {}) },
      });
      expect(res.code).toBe(0);
      seen.push(...certsOf(res.data).map((c) => certOf.get(c)!));
      await addLicences(buyer, 2);
      if (res.data.nextCursor === null) break;
      cursor = res.data.nextCursor;
    }
    expect(seen).toEqual(before);
  });

  it(`counts up to ${LIST_COUNT_CAP} licences and says when there are more`, async () => {
    const buyer = await createBuyer(t);
    await addLicences(buyer, LIST_COUNT_CAP);
    const exactly = await injectApi(t, LICENCE_API.purchased, {
      token: buyer.token,
      query: { page: 2, page_size: 10 },
    });
    expect([exactly.data.total, exactly.data.totalCapped, exactly.data.materials.length]).toEqual([
      LIST_COUNT_CAP,
      false,
      10,
    ]);
    await addLicences(buyer, 1);
    const more = await injectApi(t, LICENCE_API.purchased, { token: buyer.token, query: { page: 1, page_size: 10 } });
    expect([more.data.total, more.data.totalCapped]).toEqual([LIST_COUNT_CAP, true]);
  });

  it.skipIf(!process.env.DATABASE_URL)('reads each page in index order on PostgreSQL, never sorted', async () => {
    const after = { at: '2026-01-01T00:00:00.000000Z', sid: 'zzzz' };
    for (const page of [
      { offset: 990, limit: 11 },
      { offset: 0, limit: 11, after },
    ]) {
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const query = listOwnedLicencesQuery(tx, 'owner', page).toSQL();
        const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => {
          const value = query.params[Number(n) - 1];
          return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
        });
        return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql.raw(`explain ${text}`)))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).not.toMatch(/Sort/);
      expect(plan).toMatch(/licences_owner_current_created_idx/);
    }
  });

  it('refuses a cursor it did not make, in Chinese', async () => {
    const buyer = await createBuyer(t);
    const res = await injectApi(t, LICENCE_API.purchased, {
      query: { page: '1', page_size: '10', cursor: 'bm9wZQ' },
      token: buyer.token,
    });
    expect([res.status, res.code]).toEqual([400, 1001]);
    expect(res.message).toContain('分页位置不正确');
  });
});

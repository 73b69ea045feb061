import {
  ErrorCode,
  type TAdminMaterialListResponse,
  ZAdminMaterialListResponse,
  ADMIN_AUDIT_API,
  ADMIN_MATERIAL_API,
  MATERIAL_API,
} from '@gemstock/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, materials, mediaJobs } from '../../src/db/schema/index.js';
import { ADMIN_MATERIAL_ORDER } from '../../src/modules/catalog/admin-material.repository.js';
import { countRows } from '../helpers/accounts.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, daysAgo, insertMaterial, materialValues } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

describe('operator materials: list, read, edit, reprocess', () => {
  let t: TestApp;
  let operator: TestOperator;
  const f = {} as Record<'ring' | 'necklace' | 'video' | 'processing' | 'hidden' | 'failed', string>;

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createTestOperator(t, '陈运营');
    f.ring = (
      await insertMaterial(t, { keywords: ['黄金', '戒指'], width: 3000, height: 4000, createdAt: daysAgo(1) })
    ).sid;
    f.necklace = (
      await insertMaterial(t, {
        keywords: ['钻石项链'],
        width: 1200,
        height: 900,
        featured: true,
        createdAt: daysAgo(2),
      })
    ).sid;
    f.video = (
      await insertMaterial(t, {
        keywords: ['玫瑰金', '手链'],
        format: 'video',
        width: 1920,
        height: 1080,
        durationMs: 8000,
        createdAt: daysAgo(3),
      })
    ).sid;
    f.processing = (
      await insertMaterial(t, {
        keywords: ['戒指', '处理中'],
        status: 'processing',
        thumbKey: null,
        coverKey: null,
        watermarkKey: null,
        createdAt: daysAgo(0),
      })
    ).sid;
    f.hidden = (await insertMaterial(t, { keywords: ['耳钉'], disabled: true, createdAt: daysAgo(4) })).sid;
    f.failed = (await insertMaterial(t, { keywords: ['失败样本'], status: 'failed', createdAt: daysAgo(5) })).sid;
  });
  afterAll(async () => {
    await t.close();
  });

  function list(query: Record<string, string | number> = {}, token = operator.token) {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return t.call<TAdminMaterialListResponse>({
      method: 'GET',
      url: `${ADMIN_MATERIAL_API.list.path}${qs ? `?${qs}` : ''}`,
      token,
    });
  }

  function patch(sid: string, payload: unknown, token = operator.token) {
    return injectApi(t, ADMIN_MATERIAL_API.update, { params: { id: sid }, body: payload as object, token });
  }

  const sids = (res: { data: TAdminMaterialListResponse }) => res.data.materials.map((m) => m.sid);

  describe('GET /api/admin/materials', () => {
    it('lists every material, whatever its status, newest first', async () => {
      const res = await list();
      expect(res.code).toBe(0);
      expect(() => ZAdminMaterialListResponse.parse(res.data)).not.toThrow();
      expect(sids(res)).toEqual([f.processing, f.ring, f.necklace, f.video, f.hidden, f.failed]);
      expect(res.data).toMatchObject({ total: 6, totalCapped: false });
      const processing = res.data.materials[0]!;
      expect(processing).toMatchObject({ status: 'processing', thumbUrl: null });
      expect(res.data.materials[1]).toMatchObject({ status: 'ready', thumbUrl: expect.stringMatching(/^\/media\//) });
      expect(res.raw).not.toContain('private/');
    });

    it('searches keywords (1, 2 and 3+ characters) and sids', async () => {
      expect(sids(await list({ q: '戒指' }))).toEqual([f.processing, f.ring]);
      expect(sids(await list({ q: '金' }))).toEqual([f.ring, f.video]);
      expect(sids(await list({ q: '钻石项链' }))).toEqual([f.necklace]);
      expect(sids(await list({ q: f.video }))).toEqual([f.video]);
      expect(sids(await list({ q: '不存在的词' }))).toEqual([]);
    });

    it('filters by status, format, disabled and featured, and pages', async () => {
      expect(sids(await list({ status: 'processing' }))).toEqual([f.processing]);
      expect(sids(await list({ status: 'failed' }))).toEqual([f.failed]);
      expect(sids(await list({ format: 'video' }))).toEqual([f.video]);
      expect(sids(await list({ disabled: 'true' }))).toEqual([f.hidden]);
      expect(sids(await list({ featured: 'true' }))).toEqual([f.necklace]);
      const page1 = await list({ page_size: 4 });
      expect(page1.data.nextCursor).not.toBeNull();
      const page2 = await list({ page_size: 4, cursor: page1.data.nextCursor! });
      expect(sids(page2)).toEqual([f.hidden, f.failed]);
      expect(page2.data.total).toBe(6);
      expect(page2.data.nextCursor).toBeNull();
    });

    it('sorts by time either way and by likes, each walked by cursor', async () => {
      await t.database.db.update(materials).set({ likeCount: 7 }).where(eq(materials.sid, f.video));
      await t.database.db.update(materials).set({ likeCount: 3 }).where(eq(materials.sid, f.failed));
      const all = async (sort: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await list({ sort, page_size: 2, ...(cursor ? { cursor } : {}) });
          seen.push(...sids(res));
          cursor = res.data.nextCursor;
        } while (cursor);
        return seen;
      };
      const newest = [f.processing, f.ring, f.necklace, f.video, f.hidden, f.failed];
      expect(await all('newest')).toEqual(newest);
      expect(await all('oldest')).toEqual([...newest].reverse());
      expect((await all('likes')).slice(0, 2)).toEqual([f.video, f.failed]);
      expect(await all('likes')).toHaveLength(6);
      await t.database.db
        .update(materials)
        .set({ likeCount: 0 })
        .where(sql`${materials.likeCount} > 0`);
    });

    it('sorts by sales and by the cheapest licence offered, either way, each walked by cursor', async () => {
      const db = t.database.db;
      const saved = await db
        .select({ sid: materials.sid, authTypes: materials.authTypes, pricesCents: materials.pricesCents })
        .from(materials);
      await db.update(materials).set({ salesCount: 5 }).where(eq(materials.sid, f.necklace));
      await db.update(materials).set({ salesCount: 2 }).where(eq(materials.sid, f.hidden));
      // the ring's special price undercuts every licence of the others; the video offers only
      // the dearest licence at its own price; the failed one offers no licence at all
      await db
        .update(materials)
        .set({ authTypes: [2, 3], specialPricesCents: { '3': 9_900 } })
        .where(eq(materials.sid, f.ring));
      await db
        .update(materials)
        .set({ authTypes: [1], pricesCents: { '1': 88_800 } })
        .where(eq(materials.sid, f.video));
      await db.update(materials).set({ authTypes: [] }).where(eq(materials.sid, f.failed));
      const all = async (sort: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await list({ sort, page_size: 2, ...(cursor ? { cursor } : {}) });
          expect(res.code, res.raw).toBe(0);
          seen.push(...sids(res));
          cursor = res.data.nextCursor;
        } while (cursor);
        return seen;
      };
      const bySales = await all('sales');
      expect(bySales.slice(0, 2)).toEqual([f.necklace, f.hidden]);
      expect(bySales).toHaveLength(6);
      const cheapest = await all('price_asc');
      expect(cheapest.slice(0, 2)).toEqual([f.failed, f.ring]);
      expect(cheapest.at(-1)).toBe(f.video);
      expect(await all('price_desc')).toEqual([...cheapest].reverse());
      const prices = await db
        .select({ sid: materials.sid, cents: materials.priceSortCents })
        .from(materials)
        .where(sql`${materials.sid} IN (${f.ring}, ${f.video}, ${f.failed})`);
      expect(Object.fromEntries(prices.map((p) => [p.sid, p.cents]))).toEqual({
        [f.ring]: 9_900,
        [f.video]: 88_800,
        [f.failed]: -1,
      });
      for (const row of saved) {
        await db
          .update(materials)
          .set({ authTypes: row.authTypes, pricesCents: row.pricesCents, specialPricesCents: {}, salesCount: 0 })
          .where(eq(materials.sid, row.sid));
      }
    });

    it('reads the sales and price orders from their indexes instead of sorting', async () => {
      const plans = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_sort = off`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        const plan = (order: ReturnType<typeof sql>) =>
          tx.execute(sql`EXPLAIN SELECT ${materials.sid} FROM ${materials} ORDER BY ${order} LIMIT 20`);
        return [
          JSON.stringify(await plan(sql`${materials.salesCount} DESC NULLS LAST, ${materials.seq} DESC NULLS LAST`)),
          JSON.stringify(await plan(sql`${materials.priceSortCents} ASC, ${materials.seq} ASC`)),
          JSON.stringify(await plan(sql`${materials.priceSortCents} DESC, ${materials.seq} DESC`)),
        ];
      });
      expect(plans[0]).toContain('materials_sales_idx');
      expect(plans[1]).toContain('materials_price_idx');
      expect(plans[2]).toContain('materials_price_idx');
      for (const plan of plans) expect(plan).not.toMatch(/\bSort\b/);
    });

    it('pages by cursor without skipping or repeating a row while new materials arrive', async () => {
      const first = await list({ page_size: 3 });
      // Uploads land between the two pages: they are newer than every row shown, so page 2 goes on
      // exactly where page 1 stopped.
      const arrived = [
        (await insertMaterial(t, { keywords: ['新到一'], createdAt: new Date() })).sid,
        (await insertMaterial(t, { keywords: ['新到二'], createdAt: new Date() })).sid,
      ];
      const second = await list({ page_size: 3, cursor: first.data.nextCursor! });
      expect([...sids(first), ...sids(second)]).toEqual([
        f.processing,
        f.ring,
        f.necklace,
        f.video,
        f.hidden,
        f.failed,
      ]);
      expect(second.data.nextCursor).toBeNull();
      expect(sids(await list({ page_size: 2 }))).toEqual([...arrived].reverse());
      await t.database.db.delete(materials).where(sql`${materials.sid} IN (${arrived[0]}, ${arrived[1]})`);
    });

    it('counts a keyword most materials match up to 1,000 and still pages its matches newest first', async () => {
      const common = Array.from({ length: 1_010 }, (_, i) =>
        materialValues({ keywords: ['常见款', `第${i}款`], createdAt: daysAgo(10 + i / 10_000) }),
      );
      await t.database.db.insert(materials).values(common);
      const first = await list({ q: '常见款', page_size: 3 });
      expect(first.data).toMatchObject({ total: 1000, totalCapped: true });
      const second = await list({ q: '常见款', page_size: 3, cursor: first.data.nextCursor! });
      expect([...sids(first), ...sids(second)]).toEqual(common.slice(0, 6).map((m) => m.sid));
      // A rarer word of the same materials is read from the keyword index, the same way round.
      const rare = await list({ q: '第3款' });
      expect(sids(rare)).toEqual([common[3]!.sid]);
      expect(rare.data).toMatchObject({ total: 1, totalCapped: false });
      await t.database.db.delete(materials).where(sql`${materials.keywords} @> ARRAY['常见款']::text[]`);
    });

    it('refuses a cursor of another sort or one it did not make', async () => {
      const newest = await list({ page_size: 2 });
      const queries: Array<Record<string, string>> = [
        { sort: 'likes', cursor: newest.data.nextCursor! },
        { cursor: 'bm90LWEtY3Vyc29y' },
      ];
      for (const query of queries) {
        const res = await list(query);
        expect(res.code).toBe(ErrorCode.VALIDATION.code);
        expect(res.message).toBe('分页位置不正确，请从第一页重新查看');
      }
    });

    it('walks the index of each filter in the list order instead of sorting', async () => {
      const plans: string[] = [];
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_sort = off`);
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        for (const where of [
          sql`${materials.status} = 'failed'`,
          sql`${materials.format} = 'video'`,
          sql`${materials.featured}`,
          sql`${materials.disabled}`,
        ]) {
          plans.push(
            JSON.stringify(
              await tx.execute(
                sql`EXPLAIN SELECT ${materials.sid} FROM ${materials} WHERE ${where} ORDER BY ${sql.join([...ADMIN_MATERIAL_ORDER], sql`, `)} LIMIT 20`,
              ),
            ),
          );
        }
      });
      expect(plans[0]).toContain('materials_status_created_idx');
      expect(plans[1]).toContain('materials_format_created_idx');
      expect(plans[2]).toContain('materials_featured_created_idx');
      expect(plans[3]).toContain('materials_disabled_created_idx');
      for (const plan of plans) expect(plan).not.toMatch(/\bSort\b/);
    });

    it('reads its order from materials_created_idx instead of sorting the whole table', async () => {
      const plan = await t.database.db.transaction(async (tx) => {
        // A handful of rows would be sorted in memory anyway; with sorting priced out, the plan
        // shows whether the index can give the order at all.
        await tx.execute(sql`SET LOCAL enable_sort = off`);
        return tx.execute(
          sql`EXPLAIN SELECT ${materials.sid} FROM ${materials} ORDER BY ${sql.join([...ADMIN_MATERIAL_ORDER], sql`, `)} LIMIT 20`,
        );
      });
      const text = JSON.stringify(plan);
      expect(text).toContain('materials_created_idx');
      expect(text).not.toMatch(/\bSort\b/);
    });

    it('refuses bad filters in Chinese', async () => {
      for (const [query, message] of [
        [{ status: 'done' }, '素材状态不正确'],
        [{ page_size: 500 }, '每页数量必须是 1 到 100 之间的整数'],
        [{ disabled: 'yes' }, '取值必须是 true 或 false'],
      ] as const) {
        const res = await list(query);
        expect(res.code).toBe(ErrorCode.VALIDATION.code);
        expect(res.message).toBe(message);
      }
    });

    it('is for operators only', async () => {
      const buyer = await createBuyer(t);
      expect((await list({}, buyer.token)).code).toBe(ErrorCode.TOKEN_INVALID.code);
      const anonymous = await injectApi(t, ADMIN_MATERIAL_API.list);
      expect(anonymous).toMatchObject({ status: 401, code: ErrorCode.AUTH_REQUIRED.code });
    });
  });

  describe('GET /api/admin/materials/:id', () => {
    it('returns one material with its latest job', async () => {
      await t.database.db
        .insert(mediaJobs)
        .values({ materialSid: f.failed, kind: 'renditions', status: 'failed', attempts: 3, lastError: 'boom' });
      const res = await injectApi(t, ADMIN_MATERIAL_API.detail, { params: { id: f.failed }, token: operator.token });
      expect(res.data.material).toMatchObject({
        sid: f.failed,
        status: 'failed',
        job: { status: 'failed', attempts: 3, lastError: 'boom' },
      });
    });

    it('answers 404 for an unknown sid', async () => {
      const res = await injectApi(t, ADMIN_MATERIAL_API.detail, {
        params: { id: 'nosuchmaterial1' },
        token: operator.token,
      });
      expect(res).toMatchObject({ status: 404, code: ErrorCode.MATERIAL_NOT_FOUND.code });
    });
  });

  describe('PATCH /api/admin/materials/:id', () => {
    beforeEach(async () => {
      await t.database.db.delete(auditLogs);
    });

    async function lastAudit(sid: string) {
      const [row] = await t.database.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entitySid, sid), eq(auditLogs.action, 'material.update')))
        .orderBy(desc(auditLogs.id))
        .limit(1);
      return row;
    }

    it('edits keywords (search tokens follow) and records before and after', async () => {
      // Searched before the edit, so the buyer search has these cached.
      const before = await injectApi(t, MATERIAL_API.search, { query: { keyword: '黄金' } });
      expect(before.data.materials.map((m) => m.sid)).toContain(f.ring);
      await injectApi(t, MATERIAL_API.search, { query: { keyword: '足金对戒' } });
      const res = await patch(f.ring, { keywords: [' 足金 ', '对戒', '足金'] });
      expect(res.code, res.message).toBe(0);
      expect(res.data.material.keywords).toEqual(['足金', '对戒']);
      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, f.ring));
      expect(row?.searchTokens).toEqual(['足', '足金', '金', '对', '对戒', '戒']);
      const audit = await lastAudit(f.ring);
      expect(audit).toMatchObject({
        operatorSid: operator.sid,
        entity: 'material',
        before: { keywords: ['黄金', '戒指'] },
        after: { keywords: ['足金', '对戒'] },
      });

      // Buyers now find it by the new words and no longer by the old.
      const found = await injectApi(t, MATERIAL_API.search, { query: { keyword: '对戒' } });
      expect(found.data.materials.map((m) => m.sid)).toContain(f.ring);
      const gone = await injectApi(t, MATERIAL_API.search, { query: { keyword: '黄金' } });
      expect(gone.data.materials.map((m) => m.sid)).not.toContain(f.ring);
      // The new keywords join the vocabulary compound words are split by.
      const compound = await injectApi(t, MATERIAL_API.search, { query: { keyword: '足金对戒' } });
      expect(compound.data.materials.map((m) => m.sid)).toEqual([f.ring]);
    });

    it('sets per-type prices and special prices in cents, custom price, free window, flags and remark', async () => {
      const from = '2030-01-01T00:00:00.000Z';
      const until = '2030-02-01T00:00:00.000Z';
      const res = await patch(f.ring, {
        pricesCents: { '1': 45_800, '2': 32_800 },
        specialPricesCents: { '1': 39_900 },
        customPriceCents: 68_800,
        freeFrom: from,
        freeUntil: until,
        featured: true,
        remark: '限时特惠',
      });
      expect(res.code, res.message).toBe(0);
      expect(res.data.material).toMatchObject({
        pricesCents: { '1': 45_800, '2': 32_800 },
        specialPricesCents: { '1': 39_900 },
        customPriceCents: 68_800,
        freeFrom: from,
        freeUntil: until,
        featured: true,
        remark: '限时特惠',
      });
      const audit = await lastAudit(f.ring);
      expect(audit?.before).toEqual({
        pricesCents: {},
        specialPricesCents: {},
        customPriceCents: null,
        freeFrom: null,
        freeUntil: null,
        featured: false,
        remark: null,
      });
      expect(audit?.after).toMatchObject({ pricesCents: { '1': 45_800, '2': 32_800 }, freeFrom: from, featured: true });

      // The buyer sees the prices as a map by type, with the special price beside it.
      const detail = await injectApi(t, MATERIAL_API.detail, { params: { id: f.ring } });
      expect(detail.data.price).toEqual({ '1': 45_800, '2': 32_800, '3': 19_800, '4': 49_800 });
      expect(detail.data.specialPrice).toEqual({ '1': 39_900 });
    });

    it('disables and enables: a disabled material leaves the buyer search and detail', async () => {
      await patch(f.necklace, { disabled: true });
      const hidden = await injectApi(t, MATERIAL_API.search, { query: { keyword: '钻石项链' } });
      expect(hidden.data.materials).toHaveLength(0);
      expect((await injectApi(t, MATERIAL_API.detail, { params: { id: f.necklace } })).code).toBe(
        ErrorCode.MATERIAL_NOT_FOUND.code,
      );
      await patch(f.necklace, { disabled: false });
      expect((await injectApi(t, MATERIAL_API.detail, { params: { id: f.necklace } })).code).toBe(0);
      // The search caches are dropped on an operator's change, so it shows in search at once too.
      const shown = await injectApi(t, MATERIAL_API.search, { query: { keyword: '钻石项链' } });
      expect(shown.data.materials.map((m) => m.sid)).toContain(f.necklace);
      const rows = await t.database.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.entitySid, f.necklace))
        .orderBy(auditLogs.id);
      expect(rows.map((r) => [r.before, r.after])).toEqual([
        [{ disabled: false }, { disabled: true }],
        [{ disabled: true }, { disabled: false }],
      ]);
    });

    it('writes nothing and logs nothing when nothing changes', async () => {
      const before = await t.database.db.select().from(materials).where(eq(materials.sid, f.video));
      const res = await patch(f.video, { featured: false, keywords: ['玫瑰金', '手链'] });
      expect(res.code).toBe(0);
      const after = await t.database.db.select().from(materials).where(eq(materials.sid, f.video));
      expect(after[0]?.updatedAt).toEqual(before[0]?.updatedAt);
      expect(await countRows(t, 'audit_logs')).toBe(0);
    });

    it('clears the free window with two nulls', async () => {
      await patch(f.video, { freeFrom: '2030-01-01T00:00:00Z', freeUntil: '2030-01-02T00:00:00+08:00' });
      const res = await patch(f.video, { freeFrom: null, freeUntil: null });
      expect(res.data.material).toMatchObject({ freeFrom: null, freeUntil: null, free: false });
    });

    const invalid: Array<[string, unknown, string]> = [
      ['a negative price', { pricesCents: { '2': -1 } }, '价格必须是 0 到 1000000 元之间、精确到分的金额'],
      ['a fractional price', { pricesCents: { '2': 100.5 } }, '价格必须是 0 到 1000000 元之间、精确到分的金额'],
      ['a price as text', { customPriceCents: '100' }, '价格必须是 0 到 1000000 元之间、精确到分的金额'],
      ['an absurd price', { customPriceCents: 100_000_001 }, '价格必须是 0 到 1000000 元之间、精确到分的金额'],
      ['an unknown licence type', { pricesCents: { '9': 100 } }, '授权类型不正确'],
      [
        'a free window ending before it starts',
        { freeFrom: '2030-02-01T00:00:00Z', freeUntil: '2030-01-01T00:00:00Z' },
        '免费开始时间必须早于结束时间',
      ],
      ['half a free window', { freeFrom: '2030-02-01T00:00:00Z' }, '免费时间段需同时填写开始和结束时间'],
      ['a date that is not ISO 8601', { freeFrom: '明天', freeUntil: '后天' }, '日期时间格式不正确'],
      ['an empty keyword', { keywords: ['戒指', '  '] }, '关键词不能为空'],
      ['too many keywords', { keywords: Array.from({ length: 31 }, (_, i) => `k${i}`) }, '关键词最多 30 个'],
      ['a long remark', { remark: '长'.repeat(201) }, '备注不能超过 200 个字符'],
      ['an unknown field', { status: 'ready' }, '请求内容：不支持的字段：status'],
      ['an empty edit', {}, '请求内容：没有需要修改的内容'],
      ['featured as text', { featured: 'yes' }, '取值必须是 true 或 false'],
    ];
    for (const [name, payload, message] of invalid) {
      it(`refuses ${name}`, async () => {
        const before = await t.database.db.select().from(materials).where(eq(materials.sid, f.video));
        const res = await patch(f.video, payload);
        expect(res.status).toBe(400);
        expect(res.code).toBe(ErrorCode.VALIDATION.code);
        expect(res.message).toBe(message);
        const after = await t.database.db.select().from(materials).where(eq(materials.sid, f.video));
        expect(after).toEqual(before);
        expect(await countRows(t, 'audit_logs')).toBe(0);
      });
    }

    it('refuses a price for a licence type the material is too small for', async () => {
      // 1200 × 900: long side below 1440 — new media (3) and premium custom (4) only.
      const res = await patch(f.necklace, { pricesCents: { '3': 9_900, '2': 29_800 } });
      expect(res.code).toBe(ErrorCode.VALIDATION.code);
      expect(res.message).toBe('该素材不满足「标准授权」的尺寸要求，不能为其定价');
      expect((res.data as unknown as { fields: Array<{ path: string }> }).fields[0]?.path).toBe('pricesCents.2');
    });

    it('refuses a special price above the list price of its type', async () => {
      const res = await patch(f.necklace, { pricesCents: { '3': 9_900 }, specialPricesCents: { '3': 12_000 } });
      expect(res.message).toBe('「新媒体授权」的特价不能高于原价');
      const table = await patch(f.necklace, { specialPricesCents: { '4': 49_900 } });
      expect(table.message).toBe('「高级定制授权」的特价不能高于原价');
      const fine = await patch(f.necklace, { specialPricesCents: { '4': 39_900 } });
      expect(fine.code).toBe(0);
    });

    it('answers 404 for an unknown material and 2002 for a buyer', async () => {
      expect((await patch('nosuchmaterial1', { featured: true })).code).toBe(ErrorCode.MATERIAL_NOT_FOUND.code);
      const buyer = await createBuyer(t);
      expect((await patch(f.video, { featured: true }, buyer.token)).code).toBe(ErrorCode.TOKEN_INVALID.code);
      expect(await countRows(t, 'audit_logs')).toBe(0);
    });

    it('keeps concurrent edits of one material whole (row lock): both land, each audited once', async () => {
      const [a, b] = await Promise.all([patch(f.video, { remark: '甲' }), patch(f.video, { featured: true })]);
      expect([a.code, b.code]).toEqual([0, 0]);
      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, f.video));
      expect(row).toMatchObject({ remark: '甲', featured: true });
      expect(await countRows(t, 'audit_logs')).toBe(2);
    });
  });

  describe('PATCH /api/admin/materials/:id — two forms on one material', () => {
    it('refuses a save from a form loaded before another saved edit (409), and changes nothing', async () => {
      const loaded = (
        await injectApi(t, ADMIN_MATERIAL_API.detail, { params: { id: f.necklace }, token: operator.token })
      ).data.material;
      // Two tabs opened on the same version; the first saves new keywords.
      const first = await patch(f.necklace, { version: loaded.version, keywords: ['钻石项链', '婚嫁'] });
      expect(first.code, first.message).toBe(0);
      expect(first.data.material.version).toBe(loaded.version + 1);

      const stale = await patch(f.necklace, { version: loaded.version, remark: '第二个标签页' });
      expect(stale).toMatchObject({
        status: 409,
        code: ErrorCode.MATERIAL_EDITED_ELSEWHERE.code,
        message: '该素材已被他人修改，请重新加载后再编辑',
      });
      const [row] = await t.database.db.select().from(materials).where(eq(materials.sid, f.necklace));
      expect(row).toMatchObject({ keywords: ['钻石项链', '婚嫁'], remark: null, editVersion: loaded.version + 1 });

      // Reloaded, the same change goes through.
      const again = await patch(f.necklace, { version: loaded.version + 1, remark: '第二个标签页' });
      expect(again.code, again.message).toBe(0);
      expect(again.data.material).toMatchObject({ keywords: ['钻石项链', '婚嫁'], remark: '第二个标签页' });
    });

    it('lets only one of two saves at the same version land', async () => {
      const { version } = (
        await injectApi(t, ADMIN_MATERIAL_API.detail, { params: { id: f.ring }, token: operator.token })
      ).data.material;
      const answers = await Promise.all([
        patch(f.ring, { version, remark: '甲' }),
        patch(f.ring, { version, remark: '乙' }),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual([0, ErrorCode.MATERIAL_EDITED_ELSEWHERE.code]);
    });

    it('does not count a save that changes nothing', async () => {
      const { version, featured } = (
        await injectApi(t, ADMIN_MATERIAL_API.detail, { params: { id: f.video }, token: operator.token })
      ).data.material;
      const res = await patch(f.video, { version, featured });
      expect(res.data.material.version).toBe(version);
    });

    it('refuses a version alone as an empty edit', async () => {
      const res = await patch(f.video, { version: 0 });
      expect(res.status).toBe(400);
    });
  });

  describe('PATCH /api/admin/materials/:id — jewellery facets', () => {
    it('shows what the keywords suggest, sets and clears facets, and refuses an unknown one by name', async () => {
      const sid = (await insertMaterial(t, { keywords: ['铂金', '钻戒', '模特佩戴'], createdAt: daysAgo(30) })).sid;
      const read = await injectApi(t, ADMIN_MATERIAL_API.detail, { params: { id: sid }, token: operator.token });
      expect(read.data.material.facets).toEqual({ metal: null, gem: null, piece: null, scene: null });
      expect(read.data.material.suggestedFacets).toEqual({
        metal: 'platinum',
        gem: 'diamond',
        piece: 'ring',
        scene: 'worn',
      });

      const set = await patch(sid, { metal: 'platinum', gem: 'diamond', piece: 'ring', scene: 'worn' });
      expect(set.code).toBe(0);
      expect(set.data.material.facets).toEqual({ metal: 'platinum', gem: 'diamond', piece: 'ring', scene: 'worn' });
      const found = await injectApi(t, MATERIAL_API.search, {
        query: { metal: 'platinum', gem: 'diamond', piece: 'ring', scene: 'worn' },
      });
      expect(found.data.materials.map((m) => m.sid)).toEqual([sid]);

      const bad = await patch(sid, { scene: 'beach', remark: '不应保存' });
      expect(bad.code).toBe(ErrorCode.FACET_SCENE_UNKNOWN.code);
      expect(bad.message).toContain('beach');
      const cleared = await patch(sid, { scene: null });
      expect(cleared.data.material.facets).toMatchObject({ metal: 'platinum', scene: null });
      expect(cleared.data.material.remark).toBeNull();
    });
  });

  describe('POST /api/admin/materials/:id/reprocess', () => {
    it('queues a failed material again (processing), refuses while a job is pending, and audits', async () => {
      const res = await injectApi(t, ADMIN_MATERIAL_API.reprocess, { params: { id: f.failed }, token: operator.token });
      expect(res.code, res.message).toBe(0);
      expect(res.data.material).toMatchObject({ status: 'processing', job: { status: 'queued', attempts: 0 } });
      const again = await injectApi(t, ADMIN_MATERIAL_API.reprocess, {
        params: { id: f.failed },
        token: operator.token,
      });
      expect(again).toMatchObject({ status: 409, code: ErrorCode.MEDIA_JOB_PENDING.code });

      const audit = await injectApi(t, ADMIN_AUDIT_API.list, {
        query: { entity: 'material', q: f.failed },
        token: operator.token,
      });
      expect(audit.data.entries[0]).toMatchObject({
        action: 'material.reprocess',
        operatorSid: operator.sid,
        operatorUsername: operator.username,
        before: { status: 'failed' },
        after: { status: 'processing' },
      });
    });

    it('keeps a ready material visible while it is reprocessed', async () => {
      const res = await injectApi(t, ADMIN_MATERIAL_API.reprocess, {
        params: { id: f.necklace },
        token: operator.token,
      });
      expect(res.data.material).toMatchObject({ status: 'ready', job: { status: 'queued' } });
    });
  });
});

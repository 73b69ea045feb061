import {
  ADMIN_MATERIAL_BULK_API,
  AuditAction,
  ErrorCode,
  MATERIAL_API,
  type TBulkEditRequest,
} from '@gemstock/contract';
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, materialBulkJobs, materials } from '../../src/db/schema/index.js';
import { claimNextBulkJob } from '../../src/modules/catalog/material-bulk.repository.js';
import { applyBulkChunk, BULK_CHUNK } from '../../src/modules/catalog/material-bulk.service.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { daysAgo, insertMaterial } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

describe('POST /api/admin/materials/bulk — bulk edits run as a job', () => {
  let t: TestApp;
  let content: TestOperator;
  /** Ten 蓝宝石 materials (one of them too small for the extended licence) and one 翡翠. */
  let sapphires: string[];
  let small: string;
  let jade: string;

  beforeAll(async () => {
    t = await buildTestApp();
    content = await createTestOperator(t, '内容运营', ['content']);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(materialBulkJobs);
    await t.database.db.delete(auditLogs);
    await t.database.db.delete(materials);
    sapphires = [];
    for (let i = 0; i < 9; i++) {
      sapphires.push((await insertMaterial(t, { keywords: ['蓝宝石', `款式${i}`], createdAt: daysAgo(i + 1) })).sid);
    }
    small = (await insertMaterial(t, { keywords: ['蓝宝石'], width: 1200, height: 900, createdAt: daysAgo(20) })).sid;
    sapphires.push(small);
    jade = (await insertMaterial(t, { keywords: ['翡翠'], createdAt: daysAgo(30) })).sid;
  });

  type BulkBody = Omit<TBulkEditRequest, 'idempotencyKey'>;
  /** A confirmation's key, as the console makes one per confirmation. */
  const newKey = () => randomUUID().replaceAll('-', '');

  /** One confirmation: its own key unless the test replays one. */
  function start(body: BulkBody, token = content.token, idempotencyKey = newKey()) {
    return injectApi(t, ADMIN_MATERIAL_BULK_API.start, { body: { ...body, idempotencyKey }, token });
  }

  async function rows(sids: string[]) {
    return t.database.db.select().from(materials).where(inArray(materials.sid, sids)).orderBy(materials.sid);
  }

  const bulkAudits = () =>
    t.database.db.select().from(auditLogs).where(eq(auditLogs.action, AuditAction.MATERIAL_BULK_UPDATE));

  it('takes every material matching a search off sale as one job with one audit entry, and buyers stop finding them', async () => {
    // The buyer's search is cached before the edit: the bulk edit must reach it as a single edit does.
    const before = await injectApi(t, MATERIAL_API.search, { query: { keyword: '蓝宝石' } });
    expect(before.data.materials).toHaveLength(10);

    const res = await start({ selection: { filter: { q: '蓝宝石' } }, change: { kind: 'disabled', disabled: true } });
    expect(res.code).toBe(0);
    expect(res.data.job).toMatchObject({ status: 'queued', total: 10, processed: 0 });

    expect(await t.app.services.adminMaterials.runBulkJobs()).toBe(1);
    const job = await injectApi(t, ADMIN_MATERIAL_BULK_API.job, {
      params: { id: res.data.job.sid },
      token: content.token,
    });
    expect(job.data.job).toMatchObject({ status: 'done', total: 10, processed: 10 });
    expect((await rows(sapphires)).every((r) => r.disabled && r.editVersion === 1)).toBe(true);
    expect((await rows([jade]))[0]!.disabled).toBe(false);

    const after = await injectApi(t, MATERIAL_API.search, { query: { keyword: '蓝宝石' } });
    expect(after.data.materials).toHaveLength(0);

    const audits = await bulkAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ entitySid: res.data.job.sid, operatorSid: content.sid });
    expect(audits[0]!.after).toMatchObject({ total: 10, change: { kind: 'disabled', disabled: true } });
  });

  it('applies to the materials matching when it started, not those matching later', async () => {
    const res = await start({ selection: { filter: { q: '蓝宝石' } }, change: { kind: 'featured', featured: true } });
    const late = (await insertMaterial(t, { keywords: ['蓝宝石'], createdAt: new Date() })).sid;
    await t.app.services.adminMaterials.runBulkJobs();
    expect((await rows([late]))[0]!.featured).toBe(false);
    expect((await rows(sapphires)).every((r) => r.featured)).toBe(true);
    expect(res.data.job.total).toBe(10);
  });

  it('sets prices per licence, a free period and keywords on the materials picked', async () => {
    const picked = sapphires.slice(0, 3);
    await start({
      selection: { sids: picked },
      change: { kind: 'prices', pricesCents: { '1': 50_000 }, specialPricesCents: { '1': 45_000 } },
    });
    await start({
      selection: { sids: picked },
      change: { kind: 'free', freeFrom: '2026-12-01T00:00:00+08:00', freeUntil: '2026-12-08T00:00:00+08:00' },
    });
    await start({
      selection: { sids: picked },
      change: { kind: 'keywords', add: ['宝石', '蓝色'], remove: ['蓝宝石'] },
    });
    await t.app.services.adminMaterials.runBulkJobs();
    for (const row of await rows(picked)) {
      expect(row.pricesCents).toEqual({ '1': 50_000 });
      expect(row.specialPricesCents).toEqual({ '1': 45_000 });
      expect(row.freeFrom?.toISOString()).toBe('2026-11-30T16:00:00.000Z');
      expect(row.keywords).toEqual([expect.stringMatching(/^款式/), '宝石', '蓝色']);
      // The search tokens follow the keywords, as after a single edit.
      expect(row.searchTokens).toContain('蓝色');
      expect(row.editVersion).toBe(3);
    }
    expect((await rows([sapphires[3]!]))[0]!.keywords).toContain('蓝宝石');
    expect(await bulkAudits()).toHaveLength(3);
    // Audited once each, findable by any material picked.
    const byRef = (await bulkAudits()).filter((a) => a.refs.includes(picked[1]!));
    expect(byRef).toHaveLength(3);
  });

  it('refuses bad input whole, in Chinese, before anything starts', async () => {
    const cases: Array<[BulkBody, string]> = [
      // The small picture does not qualify for the extended licence: pricing it is the single edit's refusal too.
      [
        { selection: { filter: { q: '蓝宝石' } }, change: { kind: 'prices', pricesCents: { '1': 30_000 } } },
        `素材 ${small} 不满足「扩展授权」的尺寸要求，不能为其定价`,
      ],
      [
        { selection: { sids: [sapphires[0]!] }, change: { kind: 'prices', specialPricesCents: { '2': 99_900 } } },
        `素材 ${sapphires[0]} 的「标准授权」特价将高于原价`,
      ],
      [
        { selection: { filter: { q: '没有这个词' } }, change: { kind: 'featured', featured: true } },
        '没有符合条件的素材',
      ],
      [
        { selection: { sids: ['nosuchmaterial1'] }, change: { kind: 'featured', featured: true } },
        '素材 nosuchmaterial1 不存在',
      ],
      [
        { selection: { sids: [jade] }, change: { kind: 'free', freeFrom: '2026-12-08T00:00:00Z', freeUntil: null } },
        '免费时间段需同时填写开始和结束时间',
      ],
      [
        { selection: { sids: [jade] }, change: { kind: 'keywords', add: [], remove: [] } },
        '请填写要添加或删除的关键词',
      ],
      [
        { selection: { sids: [jade] }, change: { kind: 'prices', pricesCents: { '1': -1 } } },
        '价格必须是 0 到 1000000 元之间、精确到分的金额',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await start(body);
      expect(res.code, message).toBe(ErrorCode.VALIDATION.code);
      expect(res.message).toBe(message);
    }
    expect(await t.database.db.select().from(materialBulkJobs)).toHaveLength(0);
    expect(await bulkAudits()).toHaveLength(0);
    expect((await rows([...sapphires, jade])).every((r) => r.editVersion === 0)).toBe(true);
  });

  it('sets jewellery facets (设置属性): named ones set or cleared, others kept, and buyers filter and count by them', async () => {
    await t.database.db
      .update(materials)
      .set({ metal: 'gold', scene: 'still' })
      .where(inArray(materials.sid, sapphires));
    const counted = await injectApi(t, MATERIAL_API.facets, { query: {} });
    expect(counted.data.gem.find((c) => c.value === 'sapphire')!.count).toBe(0);

    const res = await start({
      selection: { filter: { q: '蓝宝石' } },
      change: { kind: 'facets', gem: 'sapphire', piece: 'ring', scene: null },
    });
    expect(res.code).toBe(0);
    await t.app.services.adminMaterials.runBulkJobs();
    for (const row of await rows(sapphires)) {
      expect(row).toMatchObject({ metal: 'gold', gem: 'sapphire', piece: 'ring', scene: null });
    }
    expect((await rows([jade]))[0]).toMatchObject({ gem: null, piece: null });

    const found = await injectApi(t, MATERIAL_API.search, { query: { gem: 'sapphire', piece: 'ring,pendant' } });
    expect(found.data.materials.map((m) => m.sid).sort()).toEqual([...sapphires].sort());
    const after = await injectApi(t, MATERIAL_API.facets, { query: { piece: 'ring' } });
    expect(after.data.gem.find((c) => c.value === 'sapphire')!.count).toBe(10);
  });

  it('refuses unknown facet values and an empty 设置属性 with coded errors, starting nothing', async () => {
    const unknown = await start({ selection: { sids: [jade] }, change: { kind: 'facets', metal: 'titanium' } });
    expect(unknown.code).toBe(ErrorCode.FACET_METAL_UNKNOWN.code);
    expect(unknown.message).toContain('titanium');
    const empty = await start({ selection: { sids: [jade] }, change: { kind: 'facets' } });
    expect(empty.code).toBe(ErrorCode.FACET_BULK_EMPTY.code);
    expect(await t.database.db.select().from(materialBulkJobs)).toHaveLength(0);
    expect(await bulkAudits()).toHaveLength(0);
  });

  describe('an idempotency key per confirmation', () => {
    const change = { kind: 'featured', featured: true } as const;

    it('answers the same job to the same request sent again at once (a double click), starting one job and one audit entry', async () => {
      const key = newKey();
      const selection = { filter: { q: '蓝宝石' } };
      const answers = await Promise.all([
        start({ selection, change }, content.token, key),
        start({ selection, change }, content.token, key),
        start({ selection, change }, content.token, key),
      ]);
      expect(answers.map((r) => r.code)).toEqual([0, 0, 0]);
      const sids = new Set(answers.map((r) => r.data.job.sid));
      expect(sids.size).toBe(1);
      expect(await t.database.db.select().from(materialBulkJobs)).toHaveLength(1);
      expect(await bulkAudits()).toHaveLength(1);
    });

    it('answers the job as it now stands to a retry after the job ran, and applies the change once', async () => {
      const key = newKey();
      const first = await start({ selection: { sids: [jade] }, change }, content.token, key);
      await t.app.services.adminMaterials.runBulkJobs();
      const again = await start({ selection: { sids: [jade] }, change }, content.token, key);
      expect(again.data.job).toMatchObject({ sid: first.data.job.sid, status: 'done', processed: 1 });
      expect((await rows([jade]))[0]!.editVersion).toBe(1);
    });

    it('refuses the key sent again with another change, another selection or by another operator (4350), starting nothing', async () => {
      const key = newKey();
      await start({ selection: { sids: [jade, small] }, change }, content.token, key);
      const other = await createTestOperator(t, '内容运营二', ['content']);
      const reused = [
        await start(
          { selection: { sids: [jade, small] }, change: { kind: 'featured', featured: false } },
          content.token,
          key,
        ),
        await start({ selection: { sids: [jade] }, change }, content.token, key),
        await start({ selection: { sids: [jade, small] }, change }, other.token, key),
      ];
      for (const res of reused) {
        expect(res.code).toBe(ErrorCode.BULK_KEY_REUSED.code);
        expect(res.message).toBe('该批量修改请求编号已用于另一次修改，请关闭对话框后重新确认');
      }
      expect(await t.database.db.select().from(materialBulkJobs)).toHaveLength(1);
      expect(await bulkAudits()).toHaveLength(1);
    });

    it('takes the picks sent again with a repeat in them as the same request (the server keeps them deduplicated)', async () => {
      const key = newKey();
      const first = await start({ selection: { sids: [jade, small] }, change }, content.token, key);
      const twice = await start({ selection: { sids: [jade, small, jade] }, change }, content.token, key);
      expect(twice.data.job.sid).toBe(first.data.job.sid);
    });

    it('refuses a request without a well-formed key, in Chinese, starting nothing', async () => {
      for (const idempotencyKey of ['', 'short', 'has spaces in it!!']) {
        const res = await start({ selection: { sids: [jade] }, change }, content.token, idempotencyKey);
        expect(res.code).toBe(ErrorCode.VALIDATION.code);
        expect(res.message).toBe('批量修改请求编号格式不正确，请关闭对话框后重试');
      }
      expect(await t.database.db.select().from(materialBulkJobs)).toHaveLength(0);
    });
  });

  it('is for 内容 and 管理员: 财务 is refused', async () => {
    const finance = await createTestOperator(t, '财务', ['finance']);
    const res = await start(
      { selection: { sids: [jade] }, change: { kind: 'featured', featured: true } },
      finance.token,
    );
    expect(res.code).toBe(ErrorCode.OPERATOR_ROLE_FORBIDDEN.code);
  });

  it('is applied once when a second server takes over a job it thinks was abandoned', async () => {
    // More materials than a chunk, so the job needs several.
    const many = Array.from({ length: BULK_CHUNK + 20 }, (_, i) => ({
      keywords: ['批量'],
      createdAt: daysAgo(40 + i / 1000),
    }));
    for (const values of many) await insertMaterial(t, values);
    const res = await start({ selection: { filter: { q: '批量' } }, change: { kind: 'featured', featured: true } });
    expect(res.data.job.total).toBe(many.length);

    const serverA = await claimNextBulkJob(t.database.db, 60_000);
    expect(await applyBulkChunk(t.app.deps, serverA!)).toBe('applied');
    // Server A stalls; its claim looks stale to server B, which takes the job over.
    expect(await claimNextBulkJob(t.database.db, 60_000)).toBeNull();
    await t.database.db.update(materialBulkJobs).set({ lockedAt: sql`now() - interval '10 minutes'` });
    const serverB = await claimNextBulkJob(t.database.db, 60_000);
    expect(serverB!.attempts).toBe(2);
    // Both go on at once: A's claim no longer holds, so it writes nothing.
    const [a, b] = await Promise.all([applyBulkChunk(t.app.deps, serverA!), applyBulkChunk(t.app.deps, serverB!)]);
    expect(a).toBe('lost');
    expect(b).toBe('applied');
    expect(await applyBulkChunk(t.app.deps, serverB!)).toBe('done');

    const [job] = await t.database.db.select().from(materialBulkJobs);
    expect(job).toMatchObject({ status: 'done', processed: many.length, total: many.length });
    const versions = await t.database.db.execute(
      sql`select edit_version, count(*)::int as n from materials where featured group by edit_version`,
    );
    // Every material edited exactly once.
    expect(JSON.stringify(versions)).toContain(`"n":${many.length}`);
    expect(JSON.stringify(versions)).not.toContain('"edit_version":2');
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchLogs } from '../../src/db/schema/index.js';
import { refreshHotKeywords } from '../../src/modules/search/hot-keywords.js';
import { recomputeHotKeywords } from '../../src/modules/search/keywords.repository.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, insertMaterial } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { COMMON_API, MATERIAL_API, ADMIN_KEYWORD_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * 热门搜索 shows what real buyers find: a term counts only when its searches found something and
 * enough different people searched it; the operator's pinned and blocked lists win; the list is
 * computed in the background and the log is kept bounded.
 */
describe('hot keywords', () => {
  let t: TestApp;
  let operator: TestOperator;
  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createTestOperator(t);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.database.db.execute(sql`delete from search_logs`);
    await t.database.db.execute(sql`delete from keywords`);
    await t.database.db.execute(sql`delete from hot_keywords`);
  });

  /** `times` searches of `keyword` by each of `searchers` people, finding `resultCount` materials. */
  async function searched(
    keyword: string,
    searchers: number,
    resultCount: number,
    options: { times?: number; daysAgo?: number } = {},
  ) {
    const rows = [];
    for (let s = 0; s < searchers; s += 1) {
      for (let i = 0; i < (options.times ?? 1); i += 1) {
        rows.push({
          keyword,
          userSid: null,
          searcherKey: `ip:${keyword}-${s}`,
          resultCount,
          createdAt: new Date(Date.now() - (options.daysAgo ?? 0) * 86_400_000 - i * 1000),
        });
      }
    }
    await t.database.db.insert(searchLogs).values(rows);
  }

  async function hot(): Promise<string[]> {
    const res = await injectApi(t, COMMON_API.hotKeywords);
    expect(res.code).toBe(0);
    return res.data.keywords;
  }

  const putList = (kind: 'pinned' | 'blocked', keywords: string[]) =>
    t.call({ method: 'PUT', url: endpointUrl(ADMIN_KEYWORD_API[kind]), payload: { keywords }, token: operator.token });

  it('leaves out a term that found nothing, however many people searched it', async () => {
    await searched('qzxv乱码', 40, 0);
    await searched('珍珠', 3, 12);
    await refreshHotKeywords(t.app.deps);
    expect(await hot()).toEqual(['珍珠']);
  });

  it('needs 3 different searchers by default: one person searching 50 times is not enough', async () => {
    await searched('钻戒', 1, 30, { times: 50 });
    await searched('项链', 2, 30);
    await searched('手镯', 3, 30);
    await refreshHotKeywords(t.app.deps);
    expect(await hot()).toEqual(['手镯']);
  });

  it('takes the minimum number of searchers from the configuration', async () => {
    await searched('项链', 2, 30);
    await recomputeHotKeywords(t.database.db, { minSearchers: 2 });
    expect(await hot()).toEqual(['项链']);
    await recomputeHotKeywords(t.database.db, { minSearchers: 5 });
    expect(await hot()).toEqual([]);
  });

  it('drops a term whose latest search found nothing (its materials are gone)', async () => {
    await searched('古法金', 4, 8, { daysAgo: 1 });
    await t.database.db
      .insert(searchLogs)
      .values({ keyword: '古法金', userSid: null, searcherKey: 'ip:late', resultCount: 0, createdAt: new Date() });
    await refreshHotKeywords(t.app.deps);
    expect(await hot()).not.toContain('古法金');
  });

  it('ranks by different searchers and ignores searches older than a week', async () => {
    await searched('耳环', 3, 5);
    await searched('戒指', 6, 5);
    await searched('胸针', 9, 5, { daysAgo: 8 });
    await refreshHotKeywords(t.app.deps);
    expect(await hot()).toEqual(['戒指', '耳环']);
  });

  it('puts pinned terms first and never shows a blocked one, even before the next recompute', async () => {
    await searched('珍珠', 5, 10);
    await searched('钻石', 4, 10);
    await refreshHotKeywords(t.app.deps);
    expect(await hot()).toEqual(['珍珠', '钻石']);

    expect((await putList('pinned', ['七夕'])).code).toBe(0);
    expect((await putList('blocked', ['珍珠'])).code).toBe(0);
    expect(await hot()).toEqual(['七夕', '钻石']);
    await refreshHotKeywords(t.app.deps);
    expect(await hot()).toEqual(['七夕', '钻石']);

    // Blocked wins over pinned, compared without case.
    await putList('pinned', ['GIA证书', '七夕']);
    await putList('blocked', ['gia证书']);
    expect(await hot()).toEqual(['七夕', '钻石']);
  });

  it('serves the computed list without reading the search log', async () => {
    await searched('珍珠', 3, 10);
    await refreshHotKeywords(t.app.deps);
    await t.database.db.execute(sql`delete from search_logs`);
    expect(await hot()).toEqual(['珍珠']);
  });

  it('deletes search-log rows older than SEARCH_LOG_RETENTION_DAYS (30 by default)', async () => {
    await searched('旧词', 2, 3, { daysAgo: 31 });
    await searched('新词', 2, 3, { daysAgo: 29 });
    const result = await refreshHotKeywords(t.app.deps);
    expect(result.pruned).toBe(2);
    const left = await t.database.db.select({ keyword: searchLogs.keyword }).from(searchLogs);
    expect(left.map((r) => r.keyword)).toEqual(['新词', '新词']);
  });

  it('records who searched: the account, or a hash of a visitor’s address (never the address)', async () => {
    await insertMaterial(t, { keywords: ['翡翠'] });
    const buyer = await createBuyer(t);
    await injectApi(t, MATERIAL_API.search, { query: { keyword: '翡翠' }, remoteAddress: '203.0.113.9' });
    await injectApi(t, MATERIAL_API.search, { query: { keyword: '翡翠' }, token: buyer.token });
    await expect
      .poll(async () => (await t.database.db.select().from(searchLogs).where(eq(searchLogs.keyword, '翡翠'))).length)
      .toBe(2);
    const rows = await t.database.db.select().from(searchLogs).where(eq(searchLogs.keyword, '翡翠'));
    const keys = rows.map((r) => r.searcherKey ?? '');
    expect(keys).toContain(`user:${buyer.sid}`);
    const visitor = keys.find((k) => k.startsWith('ip:'))!;
    expect(visitor).toMatch(/^ip:[0-9a-f]{24}$/);
    expect(visitor).not.toContain('203.0.113.9');
  });
});

import {
  ErrorCode,
  type TAdminKeywordsResponse,
  ADMIN_AUDIT_API,
  ADMIN_KEYWORD_API,
  COMMON_API,
  MATERIAL_API,
  endpointUrl,
} from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../helpers/accounts.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer } from '../helpers/factories.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

describe('operator keyword lists: GET /api/admin/keywords, PUT …/pinned and …/curated', () => {
  let t: TestApp;
  let operator: TestOperator;

  beforeAll(async () => {
    t = await buildTestApp();
    operator = await createTestOperator(t, '关键词运营');
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (kind: 'pinned' | 'curated', keywords: unknown, token = operator.token) =>
    t.call<TAdminKeywordsResponse>({
      method: 'PUT',
      url: endpointUrl(ADMIN_KEYWORD_API[kind]),
      payload: { keywords },
      token,
    });

  it('starts empty', async () => {
    const res = await injectApi(t, ADMIN_KEYWORD_API.lists, { token: operator.token });
    expect(res.data).toEqual({ pinned: [], curated: [], blocked: [] });
  });

  it('pins hot keywords in order; buyers see them first, in that order', async () => {
    const res = await put('pinned', ['七夕', ' 钻戒 ', '古法金', '七夕']);
    expect(res.code, res.message).toBe(0);
    expect(res.data.pinned).toEqual(['七夕', '钻戒', '古法金']);
    // Buyers' searches count too, after the pinned ones.
    await injectApi(t, MATERIAL_API.search, { query: { keyword: '珍珠' } });
    await new Promise((r) => setTimeout(r, 1500)); // the search log is written in batches
    const hot = await injectApi(t, COMMON_API.hotKeywords);
    expect(hot.data.keywords.slice(0, 3)).toEqual(['七夕', '钻戒', '古法金']);

    const reordered = await put('pinned', ['古法金', '七夕']);
    expect(reordered.data.pinned).toEqual(['古法金', '七夕']);
    const hot2 = await injectApi(t, COMMON_API.hotKeywords);
    expect(hot2.data.keywords.slice(0, 2)).toEqual(['古法金', '七夕']);
  });

  it('replaces the curated list served by GET /api/common/keywords', async () => {
    await put('curated', ['戒指', '项链', '耳饰']);
    const common = await injectApi(t, COMMON_API.keywords);
    expect(common.data.keywords).toEqual(['戒指', '项链', '耳饰']);
  });

  it('audits each change with the list before and after, and nothing for an unchanged list', async () => {
    const before = await countRows(t, 'audit_logs');
    await put('curated', ['戒指', '项链', '耳饰']);
    expect(await countRows(t, 'audit_logs')).toBe(before);
    await put('curated', ['戒指', '手镯']);
    const audit = await injectApi(t, ADMIN_AUDIT_API.list, {
      query: { entity: 'keywords', q: 'curated' },
      token: operator.token,
    });
    expect(audit.data.entries[0]).toMatchObject({
      action: 'keywords.curated.replace',
      operatorUsername: operator.username,
      before: { keywords: ['戒指', '项链', '耳饰'] },
      after: { keywords: ['戒指', '手镯'] },
    });
  });

  it('keeps two simultaneous saves from mixing their lists', async () => {
    const [a, b] = await Promise.all([put('pinned', ['甲', '乙']), put('pinned', ['丙'])]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const res = await injectApi(t, ADMIN_KEYWORD_API.lists, { token: operator.token });
    expect([['甲', '乙'], ['丙']]).toContainEqual(res.data.pinned);
  });

  it('validates the list', async () => {
    for (const [keywords, message] of [
      [['好', ''], '关键词不能为空'],
      [['长'.repeat(51)], '每个关键词不能超过 50 个字符'],
      [Array.from({ length: 51 }, (_, i) => `词${i}`), '最多 50 个关键词'],
      ['戒指', '无效输入：期望 数组，实际接收 string'],
    ] as const) {
      const res = await put('pinned', keywords);
      expect(res.code).toBe(ErrorCode.VALIDATION.code);
      expect(res.message).toBe(message);
    }
  });

  it('is for operators only', async () => {
    const buyer = await createBuyer(t);
    expect((await put('pinned', ['x'], buyer.token)).code).toBe(ErrorCode.TOKEN_INVALID.code);
    expect((await injectApi(t, ADMIN_KEYWORD_API.lists)).code).toBe(ErrorCode.AUTH_REQUIRED.code);
  });
});

import {
  COUPON_BATCH_MAX,
  COUPON_MESSAGES,
  ErrorCode,
  type TAdminCoupon,
  type TAdminCouponCreateRequest,
  type TAdminCouponCreateResponse,
  type TAdminCouponDetailResponse,
  type TAdminCouponListResponse,
  type TAdminCouponResponse,
  ADMIN_COUPON_API,
  ORDER_API,
  endpointUrl,
} from '@gemstock/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/db/schema/index.js';
import { countRows } from '../helpers/accounts.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer } from '../helpers/factories.js';
import {
  TEST_COMPANY,
  createCompanyBuyer,
  createCoupon,
  createMaterials,
  fundWallet,
  payByWallet,
  placeOrder,
} from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** ¥50 off material orders, 100 uses, valid from yesterday for a month. */
const TERMS = {
  name: '双十一满减',
  type: 1,
  amount: 5_000,
  scope: ['material'],
  limit: 100,
  startTime: inDays(-1),
  endTime: inDays(30),
} satisfies TAdminCouponCreateRequest;

let t: TestApp;
let operator: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createTestOperator(t, '王运营');
});
afterAll(async () => t.close());

function create(payload: unknown, token: string | null = operator.token) {
  return t.call<TAdminCouponCreateResponse>({
    method: 'POST',
    url: endpointUrl(ADMIN_COUPON_API.create),
    payload: payload as object,
    ...(token ? { token } : {}),
  });
}

function list(query: Record<string, string | number> = {}, token: string | null = operator.token) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return t.call<TAdminCouponListResponse>({
    method: 'GET',
    url: `${ADMIN_COUPON_API.list.path}${qs ? `?${qs}` : ''}`,
    ...(token ? { token } : {}),
  });
}

function detail(sid: string, token: string | null = operator.token) {
  return t.call<TAdminCouponDetailResponse>({
    method: 'GET',
    url: endpointUrl(ADMIN_COUPON_API.detail, { params: { sid } }),
    ...(token ? { token } : {}),
  });
}

function patch(sid: string, payload: unknown, token: string | null = operator.token) {
  return t.call<TAdminCouponResponse>({
    method: 'PATCH',
    url: endpointUrl(ADMIN_COUPON_API.update, { params: { sid } }),
    payload: payload as object,
    ...(token ? { token } : {}),
  });
}

async function createOne(payload: Partial<TAdminCouponCreateRequest> = {}): Promise<TAdminCoupon> {
  const res = await create({ ...TERMS, ...payload });
  if (res.code !== 0) throw new Error(`create coupon failed: ${res.code} ${res.message}`);
  return res.data.coupons[0]!;
}

async function auditOf(sid: string) {
  return t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.entity, 'coupon'), eq(auditLogs.entitySid, sid)))
    .orderBy(desc(auditLogs.id));
}

async function writtenCounts() {
  return { coupons: await countRows(t, 'coupons'), audit: await countRows(t, 'audit_logs') };
}

describe('who may call', () => {
  it('answers 1000 without a token and refuses a buyer token, writing nothing', async () => {
    const existing = await createOne();
    const buyer = await createBuyer(t);
    const before = await writtenCounts();
    for (const token of [null, buyer.token]) {
      const expected = token ? ErrorCode.TOKEN_INVALID : ErrorCode.AUTH_REQUIRED;
      for (const res of [
        await list({}, token),
        await create(TERMS, token),
        await detail(existing.sid, token),
        await patch(existing.sid, { end: true }, token),
      ]) {
        expect(res.code).toBe(expected.code);
        expect(res.status).toBe(expected.http);
      }
    }
    expect(await writtenCounts()).toEqual(before);
    expect((await detail(existing.sid)).data.coupon.status).toBe('active');
    // Signed-in comes first: an anonymous caller is not told what valid input looks like.
    expect((await create({ type: 9 }, null)).code).toBe(ErrorCode.AUTH_REQUIRED.code);
  });
});

describe('POST /api/admin/coupons', () => {
  it('creates one coupon with the chosen code (stored upper-case) and audits its terms', async () => {
    const res = await create({ ...TERMS, code: ' vip-2026 ', note: '老客户回馈' });
    expect(res.code).toBe(0);
    expect(res.data.coupons).toHaveLength(1);
    const coupon = res.data.coupons[0]!;
    expect(coupon).toMatchObject({
      code: 'VIP-2026',
      name: '双十一满减',
      note: '老客户回馈',
      type: 1,
      amount: 5_000,
      scope: ['material'],
      limit: 100,
      redeemedCount: 0,
      status: 'active',
      owner: null,
      startTime: TERMS.startTime,
      endTime: TERMS.endTime,
    });

    const [audit] = await auditOf(coupon.sid);
    expect(audit).toMatchObject({ operatorSid: operator.sid, action: 'coupon.create', before: null });
    expect(audit!.after).toEqual({
      code: 'VIP-2026',
      name: '双十一满减',
      note: '老客户回馈',
      type: 1,
      amount: 5_000,
      scope: ['material'],
      limit: 100,
      startAt: TERMS.startTime,
      endAt: TERMS.endTime,
    });
  });

  it('generates a code with the prefix when none is given; a percentage coupon keeps its percent', async () => {
    const coupon = await createOne({ prefix: 'gift', type: 2, amount: 20, scope: [], limit: 0 });
    expect(coupon.code).toMatch(/^GIFT[A-HJ-NP-Z2-9]{10}$/);
    expect(coupon).toMatchObject({ type: 2, amount: 20, scope: [], limit: 0 });
  });

  it('creates a batch of N coupons with unique generated codes, one audit record each', async () => {
    const before = await writtenCounts();
    const res = await create({ ...TERMS, name: '批量券', count: 60, prefix: 'S11' });
    expect(res.code).toBe(0);
    const codes = res.data.coupons.map((c) => c.code);
    expect(codes).toHaveLength(60);
    expect(new Set(codes).size).toBe(60);
    expect(codes.every((c) => /^S11[A-HJ-NP-Z2-9]{10}$/.test(c))).toBe(true);
    expect(res.data.coupons.every((c) => c.name === '批量券' && c.amount === 5_000 && c.limit === 100)).toBe(true);
    expect(await writtenCounts()).toEqual({ coupons: before.coupons + 60, audit: before.audit + 60 });
    const [audit] = await auditOf(res.data.coupons[7]!.sid);
    expect(audit!.after).toMatchObject({ code: codes[7], batchSize: 60 });
  });

  it(`makes a batch of the full ${COUPON_BATCH_MAX} in one request`, async () => {
    const res = await create({ ...TERMS, name: '整批上限', count: COUPON_BATCH_MAX });
    expect(res.code).toBe(0);
    expect(new Set(res.data.coupons.map((c) => c.code)).size).toBe(COUPON_BATCH_MAX);
  });

  it('refuses a code that exists already, in any case, and writes nothing', async () => {
    await createOne({ code: 'DUP-0001' });
    const before = await writtenCounts();
    const res = await create({ ...TERMS, code: 'dup-0001', name: '重复' });
    expect(res.status).toBe(409);
    expect(res.code).toBe(ErrorCode.COUPON_CODE_TAKEN.code);
    expect(res.message).toBe('该优惠码已存在，请换一个优惠码');
    expect(await writtenCounts()).toEqual(before);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['an end before the start', { startTime: inDays(2), endTime: inDays(1) }, COUPON_MESSAGES.range],
    ['an end equal to the start', { startTime: inDays(2), endTime: inDays(2) }, COUPON_MESSAGES.range],
    ['an end in the past', { startTime: inDays(-10), endTime: inDays(-1) }, '结束时间必须晚于当前时间'],
    ['a date that is no date', { startTime: '2026-13-01' }, COUPON_MESSAGES.startTime],
    ['a percentage of 0', { type: 2, amount: 0 }, '折扣比例必须是 1 到 99 之间的整数（减免的百分比）'],
    ['a percentage of 100', { type: 2, amount: 100 }, '折扣比例必须是 1 到 99 之间的整数（减免的百分比）'],
    ['a fractional percentage', { type: 2, amount: 12.5 }, COUPON_MESSAGES.percent],
    ['a negative amount', { type: 1, amount: -100 }, '优惠金额必须是 0.01 到 1000000 元之间、精确到分的金额'],
    ['a zero amount', { type: 1, amount: 0 }, COUPON_MESSAGES.fixedAmount],
    ['a fraction of a cent', { type: 1, amount: 10.5 }, COUPON_MESSAGES.fixedAmount],
    ['an amount as text', { amount: '50' }, COUPON_MESSAGES.amount],
    ['an unknown type', { type: 3 }, COUPON_MESSAGES.type],
    ['recharge orders in the scope', { scope: ['wallet'] }, COUPON_MESSAGES.scope],
    ['a negative limit', { limit: -1 }, COUPON_MESSAGES.limit],
    ['a blank name', { name: '   ' }, '请填写优惠券名称'],
    ['a code with a space', { code: 'AB CD' }, COUPON_MESSAGES.code],
    ['a code too short', { code: 'AB1' }, COUPON_MESSAGES.code],
    ['a bad prefix', { prefix: 'A-B' }, COUPON_MESSAGES.prefix],
    ['a batch over the cap', { count: COUPON_BATCH_MAX + 1 }, '生成数量必须是 1 到 500 之间的整数'],
    ['a batch with a chosen code', { count: 2, code: 'ABCD-1' }, '批量生成时不能指定优惠码，请改填前缀'],
    ['a field that does not exist', { redeemedCount: 5 }, '请求内容：不支持的字段：redeemedCount'],
  ];
  it.each(bad)('refuses %s in Chinese and writes nothing', async (_name, change, message) => {
    const before = await writtenCounts();
    const res = await create({ ...TERMS, ...change });
    expect(res.status).toBe(400);
    expect(res.code).toBe(ErrorCode.VALIDATION.code);
    expect(res.message).toBe(message);
    expect(await writtenCounts()).toEqual(before);
  });
});

describe('GET /api/admin/coupons', () => {
  const f = {} as Record<'active' | 'future' | 'expired' | 'usedUp' | 'issued', string>;
  let owner: { sid: string };

  beforeAll(async () => {
    owner = await createCompanyBuyer(t);
    // Made directly: the API refuses coupons that are already over or used up.
    const at = (days: number) => new Date(Date.now() + days * DAY);
    f.expired = (
      await createCoupon(t, { code: 'LST-EXPIRED', name: '列表测试 过期', type: 1, amount: 100, endAt: at(-1) })
    ).sid;
    f.usedUp = (
      await createCoupon(t, {
        code: 'LST-USEDUP',
        name: '列表测试 用完',
        type: 1,
        amount: 100,
        redemptionLimit: 1,
        redeemedCount: 1,
        endAt: at(-1),
      })
    ).sid;
    f.issued = (
      await createCoupon(t, {
        code: 'LST-ISSUED',
        name: '列表测试 专属',
        type: 1,
        amount: 100,
        ownerSid: owner.sid,
        endAt: at(10),
      })
    ).sid;
    f.future = (await createOne({ code: 'LST-FUTURE', name: '列表测试 未开始', startTime: inDays(1) })).sid;
    f.active = (await createOne({ code: 'LST-ACTIVE', name: '列表测试 进行中' })).sid;
  });

  const sids = (res: { data: TAdminCouponListResponse }) => res.data.coupons.map((c) => c.sid).sort();

  it('searches codes and names, case-insensitively', async () => {
    expect(sids(await list({ q: 'lst-act' }))).toEqual([f.active]);
    expect(sids(await list({ q: '未开始' }))).toEqual([f.future]);
    expect(sids(await list({ q: '列表测试' }))).toHaveLength(5);
    // LIKE wildcards in the search are plain characters.
    expect((await list({ q: 'LST_%' })).data.coupons).toEqual([]);
  });

  it('lists each coupon with its terms, use count, owner and status', async () => {
    const res = await list({ q: 'LST-ISSUED' });
    expect(res.data.coupons[0]).toMatchObject({
      code: 'LST-ISSUED',
      type: 1,
      amount: 100,
      scope: [],
      limit: 0,
      redeemedCount: 0,
      status: 'active',
      owner: { sid: owner.sid, company: expect.stringContaining(TEST_COMPANY.company) },
    });
    expect(res.data.coupons[0]!.createdAt).toEqual(expect.any(String));
  });

  it('filters by status: valid now, not started, expired, used up (used up wins over expired)', async () => {
    const q = '列表测试';
    expect(sids(await list({ q, status: 'active' }))).toEqual([f.active, f.issued].sort());
    expect(sids(await list({ q, status: 'not_started' }))).toEqual([f.future]);
    expect(sids(await list({ q, status: 'expired' }))).toEqual([f.expired]);
    expect(sids(await list({ q, status: 'used_up' }))).toEqual([f.usedUp]);
    const shown = (await list({ q })).data.coupons.map((c) => [c.code, c.status]);
    expect(Object.fromEntries(shown)).toEqual({
      'LST-ACTIVE': 'active',
      'LST-FUTURE': 'not_started',
      'LST-EXPIRED': 'expired',
      'LST-USEDUP': 'used_up',
      'LST-ISSUED': 'active',
    });
  });

  it('filters public codes and coupons issued to one account', async () => {
    expect(sids(await list({ q: '列表测试', kind: 'issued' }))).toEqual([f.issued]);
    expect(sids(await list({ q: '列表测试', kind: 'public' }))).not.toContain(f.issued);
  });

  it('pages newest first with the total', async () => {
    const first = await list({ q: '列表测试', page_size: 2 });
    expect(first.data.total).toBe(5);
    expect(first.data.totalCapped).toBe(false);
    expect(first.data.coupons.map((c) => c.sid)).toEqual([f.active, f.future]);
    const third = await list({ q: '列表测试', page_size: 2, page: 3 });
    expect(third.data.coupons).toHaveLength(1);
  });

  it('refuses bad filters in Chinese', async () => {
    const res = await list({ status: 'gone' });
    expect(res.code).toBe(ErrorCode.VALIDATION.code);
    expect(res.message).toBe(COUPON_MESSAGES.status);
    expect((await list({ kind: 'mine' })).message).toBe(COUPON_MESSAGES.kind);
  });
});

describe('GET /api/admin/coupons/:sid', () => {
  it('shows who used the coupon, with company and order number, after a real wallet payment', async () => {
    const coupon = await createOne({ code: 'USE-ME-1', name: '首单立减', amount: 1_000, scope: [], limit: 0 });
    const buyer = await createCompanyBuyer(t);
    await fundWallet(t, buyer.sid, 69_900);
    const [material] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [material!.sid]: 2 });
    const paid = await payByWallet(t, buyer, order.sid, { code: 'use-me-1' });
    expect(paid.code).toBe(0);
    expect(paid.data.order.couponCode).toBe('USE-ME-1');

    const res = await detail(coupon.sid);
    expect(res.code).toBe(0);
    expect(res.data.coupon).toMatchObject({ code: 'USE-ME-1', redeemedCount: 1, status: 'active' });
    expect(res.data.redemptions).toEqual([
      {
        account: {
          sid: buyer.sid,
          username: null,
          email: expect.stringContaining('@example.com'),
          mobile: null,
          company: expect.stringContaining(TEST_COMPANY.company),
        },
        orderSid: order.sid,
        orderNo: order.orderNo,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('answers 4027 for an unknown coupon', async () => {
    const res = await detail('nosuchcoupon0000');
    expect(res.status).toBe(404);
    expect(res.code).toBe(ErrorCode.COUPON_NOT_FOUND.code);
    expect(res.message).toBe('优惠券不存在');
  });
});

describe('PATCH /api/admin/coupons/:sid', () => {
  async function previewWith(code: string) {
    const buyer = await createCompanyBuyer(t);
    const [material] = await createMaterials(t, 1);
    const order = await placeOrder(t, buyer, { [material!.sid]: 2 });
    return injectApi(t, ORDER_API.payPreview, {
      params: { id: order.sid },
      body: { code, referer: null, pay_way: 'WECHAT' },
      token: buyer.token,
    });
  }

  it('ends a coupon now: buyers can no longer use it, and the change is audited', async () => {
    const coupon = await createOne({ code: 'END-ME-1' });
    expect((await previewWith('END-ME-1')).data.discount_coupon).toBe(5_000);

    const res = await patch(coupon.sid, { end: true });
    expect(res.code).toBe(0);
    expect(res.data.coupon.status).toBe('expired');
    expect(Date.parse(res.data.coupon.endTime!)).toBeLessThanOrEqual(Date.now());

    const refused = await previewWith('END-ME-1');
    expect(refused.code).toBe(ErrorCode.COUPON_EXPIRED.code);

    const [audit] = await auditOf(coupon.sid);
    expect(audit).toMatchObject({
      action: 'coupon.update',
      operatorSid: operator.sid,
      before: { endAt: TERMS.endTime },
      after: { endAt: res.data.coupon.endTime },
    });

    const again = await patch(coupon.sid, { end: true });
    expect(again.code).toBe(ErrorCode.COUPON_ALREADY_ENDED.code);
    expect(again.message).toBe('该优惠券已结束');
  });

  it('renames and re-notes; a patch that changes nothing writes and audits nothing', async () => {
    const coupon = await createOne({ code: 'RENAME-1', note: '旧备注' });
    const res = await patch(coupon.sid, { name: '新名字', note: '' });
    expect(res.data.coupon).toMatchObject({ name: '新名字', note: null, amount: 5_000, endTime: TERMS.endTime });
    const [audit] = await auditOf(coupon.sid);
    expect(audit).toMatchObject({
      action: 'coupon.update',
      before: { name: '双十一满减', note: '旧备注' },
      after: { name: '新名字', note: null },
    });

    const before = await writtenCounts();
    expect((await patch(coupon.sid, { name: '新名字' })).code).toBe(0);
    expect(await writtenCounts()).toEqual(before);
  });

  it('refuses an empty patch, changes to the terms and unknown coupons', async () => {
    const coupon = await createOne({ code: 'TERMS-1' });
    expect((await patch(coupon.sid, {})).message).toBe('请求内容：没有需要修改的内容');
    expect((await patch(coupon.sid, { amount: 1 })).message).toBe('请求内容：不支持的字段：amount');
    expect((await patch('nosuchcoupon0000', { end: true })).code).toBe(ErrorCode.COUPON_NOT_FOUND.code);
    expect((await detail(coupon.sid)).data.coupon.amount).toBe(5_000);
  });

  it('refuses a name or note holding half an emoji (a lone surrogate) with 400, changing nothing', async () => {
    const coupon = await createOne({ code: 'SURROGATE-1', note: '原备注' });
    const before = await writtenCounts();
    for (const payload of [{ name: '\ud800' }, { name: '满减\udc00券' }, { note: '备注\ud83d' }]) {
      const res = await patch(coupon.sid, payload);
      expect(res.status).toBe(400);
      expect(res.code).toBe(ErrorCode.VALIDATION.code);
      expect(res.message).toContain('含有无法识别的字符');
    }
    expect(await writtenCounts()).toEqual(before);
    expect((await detail(coupon.sid)).data.coupon).toMatchObject({ name: '双十一满减', note: '原备注' });
    // a whole emoji is a character like any other
    expect((await patch(coupon.sid, { name: '满减🎁' })).code).toBe(0);
  });
});

import { ADMIN_SURVEY_API, SURVEY_API, USER_API, endpointUrl } from '@gemstock/contract';
import { and, count, eq, isNotNull, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, surveys } from '../../src/db/schema/index.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import type { TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, createSubAccount, fundWallet } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let ops: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  ops = await createTestOperator(t);
});
afterAll(async () => {
  await t.close();
});

const ANSWER = { satisfaction: 4.5, score: 5, feedback: '素材清晰，授权流程很顺畅' };

/** A company that has paid for something (a VIP recharge is a paid order). */
async function payingCompany(): Promise<TestBuyer> {
  const buyer = await createCompanyBuyer(t);
  await fundWallet(t, buyer.sid, 69_900);
  return buyer;
}

async function surveyCount(where?: SQL): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(surveys).where(where);
  return row?.n ?? 0;
}

async function pending(buyer: TestBuyer): Promise<boolean> {
  const me = await injectApi(t, USER_API.me, { token: buyer.token });
  return me.data.survey_pending;
}

describe('POST /api/user/survey', () => {
  it('is due after the first paid order, gives the reward coupon once, and is then no longer due', async () => {
    const fresh = await createCompanyBuyer(t);
    expect(await pending(fresh)).toBe(false);
    const early = await injectApi(t, SURVEY_API.submit, { body: ANSWER, token: fresh.token });
    expect(early.code).toBe(4120);
    expect(early.message).toBe('完成首笔订单后即可参与满意度调查');
    expect(await surveyCount(eq(surveys.userSid, fresh.sid))).toBe(0);

    const buyer = await payingCompany();
    expect(await pending(buyer)).toBe(true);
    const first = await injectApi(t, SURVEY_API.submit, { body: ANSWER, token: buyer.token });
    expect(first.code).toBe(0);
    expect(first.data.coupon).toMatchObject({ type: 1, amount: 2000, limit: 1 });
    expect(await pending(buyer)).toBe(false);

    const again = await injectApi(t, SURVEY_API.submit, { body: { ...ANSWER, score: 1 }, token: buyer.token });
    expect(again.status).toBe(409);
    expect(again.code).toBe(4121);
    expect(again.message).toBe('贵公司已提交过满意度调查，感谢您的反馈');
    expect(await surveyCount(eq(surveys.userSid, buyer.sid))).toBe(1);
    const [row] = await t.database.db.select().from(surveys).where(eq(surveys.userSid, buyer.sid));
    expect(row).toMatchObject({ satisfactionTenths: 45, scoreTenths: 50, feedback: ANSWER.feedback });
  });

  it('is answered once per company: a sub-account is no longer asked, and its answer is refused and not counted', async () => {
    const main = await payingCompany();
    const sub = await createSubAccount(t, main.sid);
    expect(await pending(sub)).toBe(true);
    const before = await injectApi(t, ADMIN_SURVEY_API.list, { query: { page: 1, page_size: 1 }, token: ops.token });
    expect((await injectApi(t, SURVEY_API.submit, { body: ANSWER, token: main.token })).data.coupon).not.toBeNull();
    expect(await pending(sub)).toBe(false);
    const subAnswer = await injectApi(t, SURVEY_API.submit, { body: ANSWER, token: sub.token });
    expect(subAnswer.status).toBe(409);
    expect(subAnswer.code).toBe(4121);
    expect(await surveyCount(eq(surveys.ownerSid, main.sid))).toBe(1);
    const after = await injectApi(t, ADMIN_SURVEY_API.list, { query: { page: 1, page_size: 1 }, token: ops.token });
    expect(after.data.summary.count - before.data.summary.count).toBe(1);
  });

  it('a double click (two answers at once) records one answer with its coupon and refuses the other', async () => {
    const buyer = await payingCompany();
    const [a, b] = await Promise.all([
      injectApi(t, SURVEY_API.submit, { body: ANSWER, token: buyer.token }),
      injectApi(t, SURVEY_API.submit, { body: ANSWER, token: buyer.token }),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([0, 4121]);
    const accepted = a.code === 0 ? a : b;
    expect(accepted.data.coupon).toMatchObject({ type: 1, amount: 2000 });
    expect(await surveyCount(eq(surveys.userSid, buyer.sid))).toBe(1);
  });

  it('ten answers at once from one account record one answer and one coupon', async () => {
    const buyer = await payingCompany();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => injectApi(t, SURVEY_API.submit, { body: ANSWER, token: buyer.token })),
    );
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 4121)).toHaveLength(9);
    expect(results.filter((r) => r.code === 0 && r.data.coupon !== null)).toHaveLength(1);
    expect(await surveyCount(eq(surveys.userSid, buyer.sid))).toBe(1);
    const [owned] = await t.database.db.select({ n: count() }).from(coupons).where(eq(coupons.ownerSid, buyer.sid));
    expect(owned?.n).toBe(1);
  });

  it('answers from several accounts of one company at once record one answer with one coupon', async () => {
    const main = await payingCompany();
    const subs = await Promise.all(Array.from({ length: 4 }, () => createSubAccount(t, main.sid)));
    const results = await Promise.all(
      [main, ...subs].map((b) => injectApi(t, SURVEY_API.submit, { body: ANSWER, token: b.token })),
    );
    expect(results.filter((r) => r.code === 0 && r.data.coupon !== null)).toHaveLength(1);
    expect(results.filter((r) => r.code === 4121)).toHaveLength(4);
    expect(await surveyCount(eq(surveys.ownerSid, main.sid))).toBe(1);
    const [rewarded] = await t.database.db
      .select({ n: count() })
      .from(surveys)
      .where(and(eq(surveys.ownerSid, main.sid), isNotNull(surveys.couponSid)));
    expect(rewarded?.n).toBe(1);
  });

  it.each([
    ['a score of 7', { ...ANSWER, score: 7 }, '评分请选择 0.5 到 5 星（可选半星）'],
    ['0.3 stars', { ...ANSWER, satisfaction: 0.3 }, '满意度请选择 0.5 到 5 星（可选半星）'],
    ['a quarter star', { ...ANSWER, score: 4.25 }, '评分请选择 0.5 到 5 星（可选半星）'],
    ['no rating', { feedback: '好' }, '满意度请选择 0.5 到 5 星（可选半星）'],
    ['feedback over 1000 characters', { ...ANSWER, feedback: '好'.repeat(1001) }, '不能超过 1000 个字符'],
  ])('refuses %s with a clear message and records nothing', async (_name, body, message) => {
    const buyer = await payingCompany();
    const res = await t.call({
      method: 'POST',
      url: endpointUrl(SURVEY_API.submit),
      token: buyer.token,
      payload: body,
    });
    expect(res.status).toBe(400);
    expect(res.message).toBe(message);
    expect(await surveyCount(eq(surveys.userSid, buyer.sid))).toBe(0);
    expect(await pending(buyer)).toBe(true);
  });

  it('needs a signed-in buyer', async () => {
    const res = await injectApi(t, SURVEY_API.submit, { body: ANSWER });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/admin/surveys', () => {
  it('lists the answers newest first with the averages over all of them; operators only', async () => {
    const buyer = await payingCompany();
    await injectApi(t, SURVEY_API.submit, {
      body: { satisfaction: 3.5, score: 4, feedback: '希望增加更多视频素材' },
      token: buyer.token,
    });
    const res = await injectApi(t, ADMIN_SURVEY_API.list, { query: { page: 1, page_size: 5 }, token: ops.token });
    expect(res.code).toBe(0);
    expect(res.data.surveys[0]).toMatchObject({ satisfaction: 3.5, score: 4, feedback: '希望增加更多视频素材' });
    const [all] = await t.database.db.select({ n: count() }).from(surveys);
    expect(res.data.summary.count).toBe(all?.n);
    const rows = await t.database.db.select().from(surveys);
    const average = (key: 'satisfactionTenths' | 'scoreTenths') =>
      Math.round(rows.reduce((sum, r) => sum + r[key], 0) / rows.length) / 10;
    expect(res.data.summary.satisfaction).toBe(average('satisfactionTenths'));
    expect(res.data.summary.score).toBe(average('scoreTenths'));

    const asBuyer = await injectApi(t, ADMIN_SURVEY_API.list, { token: buyer.token });
    expect(asBuyer.status).toBe(401);
  });
});

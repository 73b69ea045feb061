import { ORDER_REWARD_API } from '@gemstock/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, coupons, siteSettings } from '../../src/db/schema/index.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCompanyBuyer, createMaterials, fundWallet, payByWallet, placeOrder } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The order-reward coupon (spec §2's order coupon dialog) is switched on and sized in the
 * console, kept in the site settings; the ORDER_REWARD_COUPON_* variables are only its default.
 */

let t: TestApp;
let operator: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  // a default shop: no ORDER_REWARD_COUPON_* set
  expect(t.config.money.orderReward).toBeNull();
  operator = await createTestOperator(t);
});
afterAll(async () => t.close());

/** A buyer pays a material order from the wallet; the reward coupon's code, if one came back. */
async function payAnOrder(): Promise<string | null> {
  const buyer = await createCompanyBuyer(t);
  await fundWallet(t, buyer.sid, 69_900);
  const [material] = await createMaterials(t, 1);
  const order = await placeOrder(t, buyer, { [material!.sid]: 2 });
  const paid = await payByWallet(t, buyer, order.sid);
  expect(paid.code).toBe(0);
  return paid.data.coupon;
}

function save(body: Record<string, unknown>, token = operator.token) {
  return t.call({ method: 'PUT', url: ORDER_REWARD_API.save.path, token, payload: body });
}

describe('the order-reward coupon in the console', () => {
  it('is off in a default shop, and says the environment decides until an operator saves it', async () => {
    const res = await injectApi(t, ORDER_REWARD_API.setting, { token: operator.token });
    expect(res.data).toMatchObject({ setting: { enabled: false }, source: 'environment', updatedAt: null });
    expect(await payAnOrder()).toBeNull();
  });

  it('switched on and sized by an operator, gives every order paid from then on its coupon, audited', async () => {
    const res = await injectApi(t, ORDER_REWARD_API.save, {
      token: operator.token,
      body: { enabled: true, type: 1, amount: 1_500, validDays: 7 },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      setting: { enabled: true, type: 1, amount: 1_500, validDays: 7 },
      source: 'console',
    });
    expect(res.data.updatedAt).not.toBeNull();

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'settings'), eq(auditLogs.entitySid, 'order_reward')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'settings.order_reward.update',
      operatorSid: operator.sid,
      before: { enabled: false, source: 'environment' },
      after: { enabled: true, type: 1, amount: 1_500, validDays: 7 },
    });

    const code = await payAnOrder();
    expect(code).toMatch(/^R[A-Z0-9]{9}$/);
    const [coupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, code!));
    expect(coupon).toMatchObject({ type: 1, amount: 1_500, redemptionLimit: 1 });
    expect(coupon!.endAt!.getTime() - coupon!.startAt!.getTime()).toBe(7 * 86_400_000);

    // a percentage instead, then off again
    await injectApi(t, ORDER_REWARD_API.save, {
      token: operator.token,
      body: { enabled: true, type: 2, amount: 10, validDays: 30 },
    });
    const percent = await payAnOrder();
    const [percentCoupon] = await t.database.db.select().from(coupons).where(eq(coupons.code, percent!));
    expect(percentCoupon).toMatchObject({ type: 2, amount: 10 });

    await injectApi(t, ORDER_REWARD_API.save, {
      token: operator.token,
      body: { enabled: false, type: 2, amount: 10, validDays: 30 },
    });
    expect(await payAnOrder()).toBeNull();
    expect((await injectApi(t, ORDER_REWARD_API.setting, { token: operator.token })).data.setting.enabled).toBe(false);
  });

  it.each([
    ['no amount for ¥ off', { enabled: true, type: 1, amount: 0, validDays: 30 }, '优惠金额必须是 0.01 到'],
    ['a negative amount', { enabled: true, type: 1, amount: -100, validDays: 30 }, '优惠金额必须是 0.01 到'],
    ['150 % off', { enabled: true, type: 2, amount: 150, validDays: 30 }, '折扣比例必须是 1 到 99 之间的整数'],
    ['0 days', { enabled: false, type: 1, amount: 2_000, validDays: 0 }, '有效天数必须是 1 到 3650 之间的整数'],
    ['an unknown type', { enabled: true, type: 3, amount: 2_000, validDays: 30 }, '请选择优惠券类型'],
  ])('refuses %s with a Chinese message and changes nothing', async (_name, body, message) => {
    const before = await injectApi(t, ORDER_REWARD_API.setting, { token: operator.token });
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.message).toContain(message);
    expect((await injectApi(t, ORDER_REWARD_API.setting, { token: operator.token })).data).toEqual(before.data);
  });

  it('is for operators only', async () => {
    const buyer = await createBuyer(t);
    expect((await t.call({ method: 'GET', url: ORDER_REWARD_API.setting.path, token: buyer.token })).status).toBe(401);
    expect((await save({ enabled: true, type: 1, amount: 2_000, validDays: 30 }, buyer.token)).status).toBe(401);
    expect((await t.call({ method: 'GET', url: ORDER_REWARD_API.setting.path })).status).toBe(401);
  });
});

describe('the policy each server keeps between saves', () => {
  // A separate app, so the setting written here is this test's own.
  let own: TestApp;
  beforeAll(async () => {
    own = await buildTestApp();
  });
  afterAll(async () => own.close());

  const writeSetting = (amount: number) =>
    own.database.db
      .insert(siteSettings)
      .values({ key: 'order_reward', value: { enabled: true, type: 1, amount, validDays: 30 } })
      .onConflictDoUpdate({
        target: siteSettings.key,
        set: { value: { enabled: true, type: 1, amount, validDays: 30 } },
      });

  it('is read once, and again only after it is forgotten (a save here, or another server’s through the change feed)', async () => {
    const source = own.app.deps.orderReward;
    source.forget();
    expect(await source.current()).toBeNull();
    // Written behind the server's back: the kept policy stands until something says it changed.
    await writeSetting(1_200);
    expect(await source.current()).toBeNull();
    source.forget();
    expect(await source.current()).toMatchObject({ type: 1, amount: 1_200, validDays: 30 });
  });

  it('does not keep a read that a forget overtook', async () => {
    const source = own.app.deps.orderReward;
    source.forget();
    const before = source.current();
    // A save committed while the read was under way: the read may answer the old policy to its
    // own caller, but the next one reads again.
    await writeSetting(1_300);
    source.forget();
    await before;
    expect(await source.current()).toMatchObject({ amount: 1_300 });
  });
});

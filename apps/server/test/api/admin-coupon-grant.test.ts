import { ADMIN_COUPON_API, COUPON_API, USER_API, endpointUrl } from '@gemstock/contract';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, coupons, users } from '../../src/db/schema/index.js';
import { uniqueMobile } from '../helpers/accounts.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { createBuyer, type TestBuyer } from '../helpers/factories.js';
import { injectApi } from '../helpers/inject-api.js';
import { createCoupon } from '../helpers/money.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

const DAY = 86_400_000;

let t: TestApp;
let operator: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  operator = await createTestOperator(t, '发券运营');
});
afterAll(async () => t.close());

/** A public ¥30-off coupon for material orders, running for a month: the terms a grant copies. */
function template(values: Partial<Parameters<typeof createCoupon>[1]> = {}) {
  return createCoupon(t, {
    type: 1,
    amount: 3_000,
    name: '老客回馈',
    scope: ['material'],
    redemptionLimit: 100,
    startAt: new Date(Date.now() - DAY),
    endAt: new Date(Date.now() + 30 * DAY),
    ...values,
  });
}

async function buyerWithMobile(): Promise<TestBuyer & { mobile: string }> {
  const mobile = uniqueMobile();
  return { ...(await createBuyer(t, { mobile })), mobile };
}

const grant = (sid: string, body: { grantKey: string; mobiles?: string[]; sids?: string[] }, token = operator.token) =>
  injectApi(t, ADMIN_COUPON_API.grant, { token, params: { sid }, body });

async function ownedCoupons(userSid: string) {
  return t.database.db.select().from(coupons).where(eq(coupons.ownerSid, userSid));
}

describe('POST /api/admin/coupons/:sid/grant', () => {
  it('issues each account its own copy, reports unknown mobiles, and shows it once at the next user-info load', async () => {
    const source = await template();
    const a = await buyerWithMobile();
    const b = await buyerWithMobile();
    const c = await createBuyer(t);
    const key = randomUUID();
    const res = await grant(source.sid, {
      grantKey: key,
      mobiles: [a.mobile, b.mobile, a.mobile, '13000000000', 'not-a-mobile'],
      sids: [c.sid, 'NOSUCHACCOUNT000'],
    });
    expect(res.code).toBe(0);
    expect(res.data.issued.map((l) => l.account.sid).sort()).toEqual([a.sid, b.sid, c.sid].sort());
    expect(res.data.alreadyIssued).toEqual([]);
    expect(res.data.unknownMobiles).toEqual(['13000000000', 'not-a-mobile']);
    expect(res.data.unknownSids).toEqual(['NOSUCHACCOUNT000']);

    const [own] = await ownedCoupons(a.sid);
    expect(own).toMatchObject({ type: 1, amount: 3_000, scope: ['material'], redemptionLimit: 1, name: '老客回馈' });
    expect(own!.code).not.toBe(source.code);

    // The picker lists it among the account's usable coupons.
    const usable = await injectApi(t, COUPON_API.usable, { token: a.token });
    expect(usable.data.coupons.map((x) => x.code)).toContain(own!.code);

    // First user-info load: the coupon (and the pending code); the next one: nothing.
    const first = await injectApi(t, USER_API.me, { token: a.token });
    expect(first.data.coupon?.code).toBe(own!.code);
    expect(first.data.user.pendingCoupon).toBe(own!.code);
    const second = await injectApi(t, USER_API.me, { token: a.token });
    expect(second.data.coupon).toBeNull();
    expect(second.data.user.pendingCoupon).toBeNull();

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'coupon.grant'), eq(auditLogs.entitySid, source.sid)));
    expect(audit).toMatchObject({ operatorSid: operator.sid, entity: 'coupon' });
    expect((audit!.after as { issued: number }).issued).toBe(3);
  });

  it('a retried grant issues nothing twice and does not show the coupon again', async () => {
    const source = await template();
    const a = await buyerWithMobile();
    const b = await buyerWithMobile();
    const key = randomUUID();
    expect((await grant(source.sid, { grantKey: key, mobiles: [a.mobile] })).code).toBe(0);
    await injectApi(t, USER_API.me, { token: a.token }); // shown once

    // The retry, with one account more, concurrently with itself.
    const retries = await Promise.all(
      Array.from({ length: 5 }, () => grant(source.sid, { grantKey: key, mobiles: [a.mobile, b.mobile] })),
    );
    for (const r of retries) expect(r.code).toBe(0);
    expect(retries.flatMap((r) => r.data.issued).map((l) => l.account.sid)).toEqual([b.sid]);
    for (const r of retries) expect(r.data.alreadyIssued.map((l) => l.account.sid)).toContain(a.sid);
    expect(await ownedCoupons(a.sid)).toHaveLength(1);
    expect(await ownedCoupons(b.sid)).toHaveLength(1);
    expect((await injectApi(t, USER_API.me, { token: a.token })).data.coupon).toBeNull();
    expect((await injectApi(t, USER_API.me, { token: b.token })).data.coupon).not.toBeNull();

    // A new grant (another key) is another coupon.
    const again = await grant(source.sid, { grantKey: randomUUID(), mobiles: [a.mobile] });
    expect(again.data.issued).toHaveLength(1);
    expect(await ownedCoupons(a.sid)).toHaveLength(2);
  });

  it('only unknown mobiles: nothing issued, nothing audited', async () => {
    const source = await template();
    const before = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, source.sid));
    const res = await grant(source.sid, { grantKey: randomUUID(), mobiles: ['13900000001', '13900000002'] });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      issued: [],
      alreadyIssued: [],
      unknownMobiles: ['13900000001', '13900000002'],
      unknownSids: [],
    });
    const after = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entitySid, source.sid));
    expect(after).toHaveLength(before.length);
  });

  it('refuses bad input, an ended or unknown coupon, and non-operators, changing nothing', async () => {
    const source = await template();
    const a = await buyerWithMobile();
    const bad = [
      { grantKey: 'short', mobiles: [a.mobile] },
      { grantKey: randomUUID(), mobiles: [] },
      { grantKey: randomUUID(), mobiles: Array.from({ length: 501 }, (_, i) => `139${String(i).padStart(8, '0')}`) },
      { grantKey: randomUUID(), mobiles: 'not-a-list' },
    ];
    for (const body of bad) {
      const res = await t.call({
        method: 'POST',
        url: endpointUrl(ADMIN_COUPON_API.grant, { params: { sid: source.sid } }),
        token: operator.token,
        payload: body,
      });
      expect(res.status).toBe(400);
      expect(res.code).toBe(1001);
    }
    const ended = await template({ endAt: new Date(Date.now() - 1000) });
    const refused = await grant(ended.sid, { grantKey: randomUUID(), mobiles: [a.mobile] });
    expect(refused.code).toBe(4141);
    expect((await grant('NOSUCHCOUPON0000', { grantKey: randomUUID(), mobiles: [a.mobile] })).code).toBe(4027);
    const anonymous = await t.call({
      method: 'POST',
      url: endpointUrl(ADMIN_COUPON_API.grant, { params: { sid: source.sid } }),
      payload: { grantKey: randomUUID(), mobiles: [a.mobile] },
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await grant(source.sid, { grantKey: randomUUID(), mobiles: [a.mobile] }, a.token)).status,
    ).toBeGreaterThanOrEqual(401);
    expect(await ownedCoupons(a.sid)).toHaveLength(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.sid, a.sid));
    expect(row?.pendingCouponSid).toBeNull();
  });
});

import { ZMeResponse, USER_API, endpointUrl } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, ledgerEntries, orders, users, walletLots } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import {
  COMPANY,
  DEFAULT_PASSWORD,
  accountTableCounts,
  ageCodes,
  login,
  me,
  obtainCode,
  registerBuyer,
  uniqueEmail,
  uniqueMobile,
  type Buyer,
} from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

describe('the signed-in account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function createSub(main: Buyer, username: string) {
    const res = await injectApi(t, USER_API.createSubUser, {
      body: { username, password: 'Sub-passw0rd', name: '设计部小李' },
      token: main.token,
    });
    expect(res.code).toBe(0);
    const signedIn = await login(t, { username, password: 'Sub-passw0rd' });
    return { ...res.data.sub_user, token: signedIn.data.access_token };
  }

  async function insertOrder(userSid: string, ownerSid: string, values: Partial<typeof orders.$inferInsert> = {}) {
    const sid = newSid();
    await t.database.db.insert(orders).values({
      sid,
      orderNo: `T${sid}`,
      name: '素材订单',
      orderType: 'material',
      priceOriginCents: 29_800,
      priceCents: 29_800,
      userSid,
      ownerSid,
      ...values,
    });
    return sid;
  }

  describe('GET /api/user', () => {
    it('needs a token (1000, no toast)', async () => {
      const res = await injectApi(t, USER_API.me);
      expect(res.status).toBe(401);
      expect(res.code).toBe(1000);
      expect(res.message).toBe('请先登录');
    });

    it('answers the contract shape for a fresh main account', async () => {
      const buyer = await registerBuyer(t);
      const res = await me(t, buyer.token);
      expect(res.code).toBe(0);
      expect(() => ZMeResponse.parse(res.data)).not.toThrow();
      expect(res.data).toEqual({
        user: {
          sid: buyer.sid,
          email: buyer.email,
          mobile: null,
          name: null,
          username: null,
          company: null,
          license: null,
          address: null,
          downloadCount: 0,
          walletBalance: 0,
          isVip: false,
          vipValidBefore: null,
          orderBadge: 0,
          lastLoginAt: expect.any(String),
          enabled: true,
          subEnabled: true,
          level: 0,
          parent: null,
          pendingCoupon: null,
          createdAt: expect.any(String),
        },
        coupon: null,
        user_parent: null,
        survey_pending: false,
      });
    });

    it('counts orders waiting for payment in the badge', async () => {
      const buyer = await registerBuyer(t);
      await insertOrder(buyer.sid, buyer.sid);
      await insertOrder(buyer.sid, buyer.sid);
      await insertOrder(buyer.sid, buyer.sid, { status: 'PAYED' });
      await insertOrder(buyer.sid, buyer.sid, { status: 'CANCELLED' });
      expect((await me(t, buyer.token)).data.user.orderBadge).toBe(2);
    });

    it('reads the wallet from the ledger and VIP from the newest valid lot', async () => {
      const buyer = await registerBuyer(t);
      const db = t.database.db;
      const orderSid = await insertOrder(buyer.sid, buyer.sid, {
        orderType: 'wallet',
        status: 'PAYED',
        priceCents: 69_900,
      });
      const validBefore = new Date(Date.now() + 20 * 24 * 3600 * 1000);
      const lotSid = newSid();
      await db.insert(walletLots).values({
        sid: lotSid,
        userSid: buyer.sid,
        orderSid,
        totalCents: 69_900,
        remainingCents: 50_000,
        validBefore,
      });
      const expiredOrder = await insertOrder(buyer.sid, buyer.sid, { orderType: 'wallet', status: 'PAYED' });
      await db.insert(walletLots).values({
        sid: newSid(),
        userSid: buyer.sid,
        orderSid: expiredOrder,
        totalCents: 69_900,
        remainingCents: 0,
        validBefore: new Date(Date.now() - 3600_000),
      });
      await db.insert(ledgerEntries).values([
        { userSid: buyer.sid, lotSid, kind: 'TOPUP', amountCents: 69_900, idempotencyKey: `t-${lotSid}` },
        { userSid: buyer.sid, lotSid, kind: 'SPEND', amountCents: -19_900, idempotencyKey: `s-${lotSid}` },
      ]);
      const { user } = (await me(t, buyer.token)).data;
      expect(user.walletBalance).toBe(50_000);
      expect(user.isVip).toBe(true);
      expect(new Date(user.vipValidBefore!).getTime()).toBe(validBefore.getTime());
    });

    it('returns the pending coupon and its code', async () => {
      const buyer = await registerBuyer(t);
      const couponSid = newSid();
      await t.database.db.insert(coupons).values({
        sid: couponSid,
        code: `SURVEY${couponSid.slice(0, 6).toUpperCase()}`,
        type: 1,
        amount: 5_000,
        scope: ['material', 'bogus'],
        ownerSid: buyer.sid,
      });
      await t.database.db.update(users).set({ pendingCouponSid: couponSid }).where(eq(users.sid, buyer.sid));
      const res = await me(t, buyer.token);
      expect(() => ZMeResponse.parse(res.data)).not.toThrow();
      expect(res.data.coupon).toMatchObject({ sid: couponSid, type: 1, amount: 5_000, scope: ['material'], limit: 0 });
      expect(res.data.user.pendingCoupon).toBe(res.data.coupon?.code);
    });

    it('gives a sub-account its parent company (saved to it) and the parent wallet', async () => {
      const main = await registerBuyer(t);
      const sub = await createSub(main, `inherit-${Date.now()}`);
      // The sub-account was created before the parent had a company.
      expect((await me(t, sub.token)).data.user.company).toBeNull();

      await t.database.db
        .update(users)
        .set({
          company: COMPANY.company,
          companyLicense: COMPANY.company_license,
          companyAddress: COMPANY.company_address,
        })
        .where(eq(users.sid, main.sid));
      const orderSid = await insertOrder(main.sid, main.sid, { orderType: 'wallet', status: 'PAYED' });
      const lotSid = newSid();
      await t.database.db.insert(walletLots).values({
        sid: lotSid,
        userSid: main.sid,
        orderSid,
        totalCents: 69_900,
        remainingCents: 69_900,
        validBefore: new Date(Date.now() + 86_400_000),
      });
      await t.database.db
        .insert(ledgerEntries)
        .values({ userSid: main.sid, lotSid, kind: 'TOPUP', amountCents: 69_900, idempotencyKey: `t-${lotSid}` });

      const res = await me(t, sub.token);
      expect(() => ZMeResponse.parse(res.data)).not.toThrow();
      const parentInfo = {
        company: COMPANY.company,
        license: COMPANY.company_license,
        address: COMPANY.company_address,
      };
      expect(res.data.user).toMatchObject({
        level: 1,
        name: '设计部小李',
        ...parentInfo,
        parent: parentInfo,
        walletBalance: 69_900,
        isVip: true,
      });
      expect(res.data.user_parent).toEqual(parentInfo);
      const [row] = await t.database.db.select().from(users).where(eq(users.sid, sub.sid));
      expect(row?.company).toBe(COMPANY.company);
    });
  });

  describe('POST /api/user/company', () => {
    it('saves the company of a main account and copies it to its sub-accounts', async () => {
      const main = await registerBuyer(t);
      const sub = await createSub(main, `co-sub-${Date.now()}`);
      const res = await injectApi(t, USER_API.company, {
        body: { ...COMPANY, company_license: COMPANY.company_license.toLowerCase() },
        token: main.token,
      });
      expect(res.code).toBe(0);
      expect(res.data.user).toMatchObject({
        company: COMPANY.company,
        license: COMPANY.company_license,
        address: COMPANY.company_address,
      });
      const subView = await me(t, sub.token);
      expect(subView.data.user.company).toBe(COMPANY.company);
    });

    it('refuses a sub-account (it inherits the company)', async () => {
      const main = await registerBuyer(t);
      const sub = await createSub(main, `co-deny-${Date.now()}`);
      const res = await injectApi(t, USER_API.company, { body: COMPANY, token: sub.token });
      expect(res.status).toBe(403);
      expect(res.code).toBe(2020);
      expect(res.message).toBe('仅主账号可以执行此操作');
    });

    it('validates each field with the form message', async () => {
      const main = await registerBuyer(t);
      const cases: [Record<string, unknown>, string][] = [
        [{ ...COMPANY, company: '' }, '请输入完整的企业全称'],
        [{ ...COMPANY, company_license: '' }, '请输入统一社会信用代码/纳税人识别号'],
        [
          { ...COMPANY, company_license: '123' },
          '统一社会信用代码/纳税人识别号格式不正确（应为 18 位统一社会信用代码，或 15、17、20 位纳税人识别号）',
        ],
        // 18 symbols whose check digit (GB 32100-2015) is wrong: Q is right.
        [{ ...COMPANY, company_license: '91110108551385082R' }, '统一社会信用代码的校验位不正确，请核对后重新输入'],
        [{ ...COMPANY, company_address: ' ' }, '请输入企业地址'],
        // refused with the limit named, never cut to 100 characters
        [{ ...COMPANY, company: '公'.repeat(101) }, '企业全称不能超过 100 个字符'],
        // what an invoice or certificate cannot print
        [
          { ...COMPANY, company: '宝图珠宝💎有限公司' },
          '企业全称只能包含汉字、字母、数字、空格和常用标点，不能包含表情符号或特殊符号（发票无法打印）',
        ],
        [{ ...COMPANY, company: '宝图\ud800珠宝' }, '含有无法识别的字符（可能是残缺的表情符号），请删除后重新输入'],
      ];
      for (const [payload, message] of cases) {
        const res = await t.call({ method: 'POST', url: endpointUrl(USER_API.company), token: main.token, payload });
        expect(res.status).toBe(400);
        expect(res.message).toBe(message);
      }
      expect((await me(t, main.token)).data.user.company).toBeNull();
    });
  });

  describe('bind and reset email or mobile', () => {
    it('binds a mobile to an email account with a code sent to the mobile', async () => {
      const buyer = await registerBuyer(t);
      const mobile = uniqueMobile();
      const code = await obtainCode(t, { mobile }, 'bind');
      const res = await injectApi(t, USER_API.bindMobile, { body: { mobile, code }, token: buyer.token });
      expect(res.code).toBe(0);
      expect(res.data.user.mobile).toBe(mobile);
      // The mobile now signs in too.
      expect((await login(t, { mobile, password: DEFAULT_PASSWORD })).code).toBe(0);
    });

    it('binds an email to a mobile account', async () => {
      const buyer = await registerBuyer(t, { mobile: uniqueMobile() });
      const email = uniqueEmail();
      const code = await obtainCode(t, { email }, 'bind');
      const res = await injectApi(t, USER_API.bindEmail, { body: { email, code }, token: buyer.token });
      expect(res.code).toBe(0);
      expect(res.data.user.email).toBe(email);
    });

    it('refuses bind when one is bound, and reset when none is', async () => {
      const buyer = await registerBuyer(t);
      const email = uniqueEmail();
      const bind = await injectApi(t, USER_API.bindEmail, { body: { email, code: '123456' }, token: buyer.token });
      expect(bind.status).toBe(409);
      expect(bind.code).toBe(2024);
      expect(bind.message).toBe('已绑定邮箱，如需修改请更换邮箱');
      const reset = await injectApi(t, USER_API.resetMobile, {
        body: { mobile: uniqueMobile(), code: '123456' },
        token: buyer.token,
      });
      expect(reset.code).toBe(2025);
      expect(reset.message).toBe('尚未绑定手机号，请先绑定手机号');
    });

    it('resets the email with a code sent to the new one; the old one no longer signs in', async () => {
      const buyer = await registerBuyer(t);
      const newEmail = uniqueEmail('new');
      const code = await obtainCode(t, { email: newEmail }, 'bind');
      const res = await injectApi(t, USER_API.resetEmail, { body: { email: newEmail, code }, token: buyer.token });
      expect(res.code).toBe(0);
      expect(res.data.user.email).toBe(newEmail);
      expect((await login(t, { email: newEmail, password: DEFAULT_PASSWORD })).code).toBe(0);
      expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(2001);
    });

    it('refuses the current address, a taken one, and a wrong code', async () => {
      const buyer = await registerBuyer(t);
      const other = await registerBuyer(t);
      const same = await t.call({
        method: 'POST',
        url: endpointUrl(USER_API.resetEmail),
        token: buyer.token,
        payload: { email: buyer.email, code: '123456' },
      });
      expect(same.code).toBe(2022);
      expect(same.message).toBe('新账号与当前账号相同');
      const taken = await t.call({
        method: 'POST',
        url: endpointUrl(USER_API.resetEmail),
        token: buyer.token,
        payload: { email: other.email, code: '123456' },
      });
      expect(taken.code).toBe(2005);

      const newEmail = uniqueEmail();
      const code = await obtainCode(t, { email: newEmail }, 'bind');
      const before = await accountTableCounts(t);
      const wrong = await injectApi(t, USER_API.resetEmail, {
        body: { email: newEmail, code: code === '000000' ? '111111' : '000000' },
        token: buyer.token,
      });
      expect(wrong.code).toBe(2013);
      expect(await accountTableCounts(t)).toEqual(before);
      expect((await me(t, buyer.token)).data.user.email).toBe(buyer.email);
    });

    it('does not accept a code sent for registration', async () => {
      const buyer = await registerBuyer(t, { mobile: uniqueMobile() });
      const email = uniqueEmail();
      const code = await obtainCode(t, { email }, 'register');
      const res = await injectApi(t, USER_API.bindEmail, { body: { email, code }, token: buyer.token });
      expect(res.code).toBe(2013);
    });

    it('is for main accounts only', async () => {
      const main = await registerBuyer(t);
      const sub = await createSub(main, `bind-sub-${Date.now()}`);
      const res = await injectApi(t, USER_API.bindMobile, {
        body: { mobile: uniqueMobile(), code: '123456' },
        token: sub.token,
      });
      expect(res.code).toBe(2020);
    });
  });

  describe('passwords', () => {
    it('reset_password checks the current password, then revokes every token', async () => {
      const buyer = await registerBuyer(t);
      const second = (await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).data.access_token;

      const wrong = await injectApi(t, USER_API.resetPassword, {
        body: { password: 'not-it', new_password: 'Brand-new-1' },
        token: buyer.token,
      });
      expect(wrong.status).toBe(401);
      expect(wrong.code).toBe(2001);
      expect(wrong.message).toBe('当前密码不正确');

      const short = await injectApi(t, USER_API.resetPassword, {
        body: { password: DEFAULT_PASSWORD, new_password: 'short' },
        token: buyer.token,
      });
      expect(short.code).toBe(1001);
      expect(short.message).toBe('密码长度为 8-64 位');

      const res = await injectApi(t, USER_API.resetPassword, {
        body: { password: DEFAULT_PASSWORD, new_password: 'Brand-new-1' },
        token: buyer.token,
      });
      expect(res.status).toBe(200);
      expect(res.code).toBe(0);
      expect(res.data).toBeNull();
      expect((await me(t, buyer.token)).code).toBe(2003);
      expect((await me(t, second)).code).toBe(2003);
      expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(2001);
      expect((await login(t, { email: buyer.email, password: 'Brand-new-1' })).code).toBe(0);
    });

    it('forget_password sets a new password with a reset code and revokes old tokens', async () => {
      const buyer = await registerBuyer(t, { mobile: uniqueMobile() });
      const code = await obtainCode(t, { mobile: buyer.mobile! }, 'reset_password');
      const res = await injectApi(t, USER_API.forgetPassword, {
        body: { mobile: buyer.mobile, code, password: 'Recovered-1', source: null },
      });
      expect(res.code).toBe(0);
      expect(res.data).toBeNull();
      expect((await me(t, buyer.token)).code).toBe(2003);
      expect((await login(t, { mobile: buyer.mobile, password: 'Recovered-1' })).code).toBe(0);
    });

    it('forget_password refuses an unknown account and a register code', async () => {
      const unknown = await injectApi(t, USER_API.forgetPassword, {
        body: { email: uniqueEmail(), code: '123456', password: 'Recovered-1' },
      });
      expect(unknown.code).toBe(2008);

      const email = uniqueEmail();
      const registerCode = await obtainCode(t, { email });
      await injectApi(t, USER_API.register, {
        body: { email, code: registerCode, password: DEFAULT_PASSWORD, agreement: true, adult: true },
      });
      await ageCodes(t, email, 61);
      const res = await injectApi(t, USER_API.forgetPassword, {
        body: { email, code: registerCode, password: 'Recovered-1' },
      });
      expect(res.code).toBe(2013);
    });
  });
});

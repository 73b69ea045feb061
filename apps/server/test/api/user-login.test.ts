import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import {
  DEFAULT_PASSWORD,
  login,
  me,
  obtainCode,
  registerBuyer,
  uniqueEmail,
  uniqueMobile,
  type Buyer,
} from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { USER_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

describe('POST /api/user/login', () => {
  let t: TestApp;
  let buyer: Buyer;
  let mobileBuyer: Buyer;
  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await registerBuyer(t);
    mobileBuyer = await registerBuyer(t, { mobile: uniqueMobile() });
  });
  afterAll(async () => {
    await t.close();
  });

  async function createSub(main: Buyer, username: string, extra: Record<string, unknown> = {}) {
    const res = await injectApi(t, USER_API.createSubUser, {
      body: { username, password: 'Sub-passw0rd', ...extra },
      token: main.token,
    });
    expect(res.code).toBe(0);
    return res.data.sub_user;
  }

  it('signs a main account in by email and records the time', async () => {
    await t.database.db.update(users).set({ lastLoginAt: null }).where(eq(users.sid, buyer.sid));
    const res = await login(t, { email: buyer.email, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const profile = await me(t, res.data.access_token);
    expect(profile.data.user.sid).toBe(buyer.sid);
    expect(profile.data.user.lastLoginAt).not.toBeNull();
  });

  it('signs a main account in by mobile', async () => {
    const res = await login(t, { mobile: mobileBuyer.mobile, password: DEFAULT_PASSWORD });
    expect(res.code).toBe(0);
    expect((await me(t, res.data.access_token)).data.user.sid).toBe(mobileBuyer.sid);
  });

  it('accepts the email in any case', async () => {
    const res = await login(t, { email: buyer.email!.toUpperCase(), password: DEFAULT_PASSWORD });
    expect(res.code).toBe(0);
  });

  it('answers an unknown account and a wrong password alike', async () => {
    const wrong = await login(t, { email: buyer.email, password: 'not-the-password' });
    const unknown = await login(t, { email: uniqueEmail(), password: 'not-the-password' });
    const unknownMobile = await login(t, { mobile: uniqueMobile(), password: 'not-the-password' });
    for (const res of [wrong, unknown, unknownMobile]) {
      expect(res.status).toBe(401);
      expect(res.code).toBe(2001);
      expect(res.message).toBe('账号或密码错误');
      expect(res.data).toBeNull();
    }
  });

  it('signs a sub-account in by username, in any case, and not by its email', async () => {
    const subEmail = uniqueEmail('sub');
    const sub = await createSub(buyer, 'Design.Li');
    // The address is bound with the code sent to it.
    const code = await obtainCode(t, { email: subEmail }, 'bind');
    const bound = await injectApi(t, USER_API.resetEmailForSub, {
      body: { sid: sub.sid, email: subEmail, code },
      token: buyer.token,
    });
    expect(bound.code).toBe(0);
    const res = await login(t, { username: 'design.li', password: 'Sub-passw0rd' });
    expect(res.code).toBe(0);
    const profile = await me(t, res.data.access_token);
    expect(profile.data.user).toMatchObject({ username: 'design.li', level: 1, email: subEmail });
    expect((await login(t, { username: 'DESIGN.LI', password: 'Sub-passw0rd' })).code).toBe(0);
    // Sub-accounts use the sub-account tab; the email tab is for main accounts.
    expect((await login(t, { email: subEmail, password: 'Sub-passw0rd' })).code).toBe(2001);
  });

  it('refuses a disabled account, but only to someone who knows its password', async () => {
    const victim = await registerBuyer(t);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.sid, victim.sid));
    const right = await login(t, { email: victim.email, password: DEFAULT_PASSWORD });
    expect(right.status).toBe(403);
    expect(right.code).toBe(2004);
    expect(right.message).toBe('账号已被停用，请联系主账号或客服');
    expect((await login(t, { email: victim.email, password: 'wrong-password' })).code).toBe(2001);
  });

  it('refuses a disabled sub-account', async () => {
    const main = await registerBuyer(t);
    const sub = await createSub(main, 'sub-disabled');
    await injectApi(t, USER_API.setSubUserEnabled, {
      params: { id: sub.sid },
      body: { enabled: false },
      token: main.token,
    });
    expect((await login(t, { username: 'sub-disabled', password: 'Sub-passw0rd' })).code).toBe(2004);
  });

  it('refuses a sub-account whose main account is disabled or has switched sub-accounts off', async () => {
    const main = await registerBuyer(t);
    await createSub(main, 'sub-of-off');
    const ok = await login(t, { username: 'sub-of-off', password: 'Sub-passw0rd' });
    expect(ok.code).toBe(0);

    await t.database.db.update(users).set({ subEnabled: false }).where(eq(users.sid, main.sid));
    const off = await login(t, { username: 'sub-of-off', password: 'Sub-passw0rd' });
    expect(off.status).toBe(403);
    expect(off.code).toBe(2021);
    expect(off.message).toBe('主账号已关闭子账号功能，请联系主账号');
    // A session already open ends too.
    expect((await me(t, ok.data.access_token)).code).toBe(2003);

    await t.database.db.update(users).set({ subEnabled: true, enabled: false }).where(eq(users.sid, main.sid));
    const disabled = await login(t, { username: 'sub-of-off', password: 'Sub-passw0rd' });
    expect(disabled.code).toBe(2009);
    expect(disabled.message).toBe('主账号已停用，子账号暂不能使用');
  });

  it('explains what is missing, in Chinese', async () => {
    const none = await login(t, { password: 'x' });
    expect(none.status).toBe(400);
    expect(none.message).toBe('请输入邮箱、手机号或用户名');
    const noPassword = await login(t, { email: buyer.email });
    expect(noPassword.message).toBe('请输入密码');
    const emptyPassword = await login(t, { email: buyer.email, password: '' });
    expect(emptyPassword.message).toBe('请输入密码');
    const two = await login(t, { email: buyer.email, username: 'someone', password: 'x' });
    expect(two.message).toBe('请只使用一种方式登录');
    const badEmail = await login(t, { email: 'nope', password: 'x' });
    expect(badEmail.message).toBe('请输入正确的邮箱');
    const emptyUsername = await login(t, { username: '', password: 'x' });
    expect(emptyUsername.message).toBe('请输入用户名');
  });

  it('limits attempts per client address (429, code 1009)', async () => {
    const ip = '198.51.100.7';
    const codes: number[] = [];
    // Guesses spread over unknown accounts: the per-account lock is not what is tested here.
    for (let i = 0; i < 11; i += 1)
      codes.push((await login(t, { email: uniqueEmail('guess'), password: `guess-${i}` }, ip)).code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(2001));
    expect(codes[10]).toBe(1009);
    // Even the right password waits; other addresses are not affected.
    expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD }, ip)).code).toBe(1009);
    expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(0);
  });
});

import type { TTokenResponse } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { insertUser } from '../../src/modules/user/user.repository.js';
import {
  DEFAULT_PASSWORD,
  accountTableCounts,
  me,
  nextIp,
  obtainCode,
  uniqueEmail,
  uniqueMobile,
} from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { USER_API, endpointUrl } from '@gemstock/contract';

describe('POST /api/user (register)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function register(payload: Record<string, unknown>) {
    return t.call<TTokenResponse>({
      method: 'POST',
      url: endpointUrl(USER_API.register),
      payload,
      remoteAddress: nextIp(),
    });
  }

  it('registers by email with a code from the outbox and signs the user in', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t, { email });
    const res = await register({
      email,
      code,
      password: DEFAULT_PASSWORD,
      agreement: true,
      adult: true,
      source: 'xhs',
    });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data.access_token).toMatch(/^ey/);

    const profile = await me(t, res.data.access_token);
    expect(profile.code).toBe(0);
    expect(profile.data.user).toMatchObject({
      email,
      mobile: null,
      level: 0,
      enabled: true,
      walletBalance: 0,
      isVip: false,
    });
    expect(profile.data.user.lastLoginAt).not.toBeNull();

    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(DEFAULT_PASSWORD);
    expect(row?.source).toBe('xhs');
    expect(row?.agreedTermsAt).not.toBeNull();
    expect(row?.adultConfirmedAt).not.toBeNull();
  });

  it('registers by mobile', async () => {
    const mobile = uniqueMobile();
    const code = await obtainCode(t, { mobile });
    const res = await register({
      mobile,
      code,
      password: DEFAULT_PASSWORD,
      agreement: true,
      adult: true,
      referrer: '王经理',
    });
    expect(res.code).toBe(0);
    const profile = await me(t, res.data.access_token);
    expect(profile.data.user).toMatchObject({ mobile, email: null, level: 0 });
  });

  it('stores email addresses in lower case', async () => {
    const email = uniqueEmail('MixedCase');
    const code = await obtainCode(t, { email: email.toLowerCase() });
    const res = await register({ email, code, password: DEFAULT_PASSWORD, agreement: true, adult: true });
    expect(res.code).toBe(0);
    expect((await me(t, res.data.access_token)).data.user.email).toBe(email.toLowerCase());
  });

  it('ignores privileged fields sent along (level, walletBalance, isVip, …)', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t, { email });
    const res = await register({
      email,
      code,
      password: DEFAULT_PASSWORD,
      agreement: true,
      adult: true,
      level: 1,
      walletBalance: 999_999,
      isVip: true,
      enabled: false,
      subEnabled: false,
      tokenVersion: 42,
      parentSid: 'someoneelse00000',
    });
    expect(res.code).toBe(0);
    const { user } = (await me(t, res.data.access_token)).data;
    expect(user).toMatchObject({
      level: 0,
      walletBalance: 0,
      isVip: false,
      enabled: true,
      subEnabled: true,
      parent: null,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.tokenVersion).toBe(0);
    expect(row?.parentSid).toBeNull();
  });

  it('refuses an email that is already registered, before and after a code is sent', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t, { email });
    expect((await register({ email, code, password: DEFAULT_PASSWORD, agreement: true, adult: true })).code).toBe(0);

    const before = await accountTableCounts(t);
    const again = await register({ email, code, password: DEFAULT_PASSWORD, agreement: true, adult: true });
    expect(again.status).toBe(409);
    expect(again.code).toBe(2005);
    expect(again.message).toBe('该邮箱已注册');
    expect(await accountTableCounts(t)).toEqual(before);
  });

  it('refuses a mobile number that is already registered', async () => {
    const mobile = uniqueMobile();
    const code = await obtainCode(t, { mobile });
    expect((await register({ mobile, code, password: DEFAULT_PASSWORD, agreement: true, adult: true })).code).toBe(0);
    const again = await register({ mobile, code, password: DEFAULT_PASSWORD, agreement: true, adult: true });
    expect(again.code).toBe(2006);
    expect(again.message).toBe('该手机号已注册');
  });

  it('maps a unique violation from the database to 2005, never a 500 (two registrations racing)', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t, { email });
    // Another request registers the address after this one's "is it taken" check.
    const first = await insertUser(t.database.db, { sid: 'racewinner00001', email, passwordHash: 'x' });
    expect(first.ok).toBe(true);
    const second = await insertUser(t.database.db, { sid: 'raceloser000001', email, passwordHash: 'x' });
    expect(second).toEqual({ ok: false, taken: 'email' });
    // And through the API the code is still answered with the catalogue error.
    const res = await register({ email, code, password: DEFAULT_PASSWORD, agreement: true, adult: true });
    expect(res.code).toBe(2005);
  });

  it('answers 2005 when many registrations of one address run at once', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t, { email });
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        register({ email, code, password: DEFAULT_PASSWORD, agreement: true, adult: true }),
      ),
    );
    const codes = results.map((r) => r.code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    for (const r of results) expect(r.status).toBeLessThan(500);
    // The losers see the address taken or the code already used.
    for (const c of codes.filter((c) => c !== 0)) expect([2005, 2014]).toContain(c);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });

  it('requires the agreement and the adult confirmation', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t, { email });
    const before = await accountTableCounts(t);
    const noAgreement = await register({ email, code, password: DEFAULT_PASSWORD, agreement: false, adult: true });
    expect(noAgreement.status).toBe(400);
    expect(noAgreement.code).toBe(1001);
    expect(noAgreement.message).toBe('请阅读并勾选《用户协议》和《个人信息保护指引》');
    const notAdult = await register({ email, code, password: DEFAULT_PASSWORD, agreement: true });
    expect(notAdult.code).toBe(1001);
    expect(notAdult.message).toBe('请确认您已年满18周岁');
    expect(await accountTableCounts(t)).toEqual(before);
  });

  it('refuses a code sent for another purpose or another address', async () => {
    const email = uniqueEmail();
    const other = uniqueEmail();
    await obtainCode(t, { email });
    const otherCode = await obtainCode(t, { email: other });
    const res = await register({ email, code: otherCode, password: DEFAULT_PASSWORD, agreement: true, adult: true });
    expect(res.code).toBe(2013);
    expect(res.message).toBe('验证码错误');

    const bindOnly = uniqueEmail();
    const bindCode = await obtainCode(t, { email: bindOnly }, 'bind');
    const res2 = await register({
      email: bindOnly,
      code: bindCode,
      password: DEFAULT_PASSWORD,
      agreement: true,
      adult: true,
    });
    expect(res2.code).toBe(2013);
  });

  it('refuses a code when none was ever sent', async () => {
    const res = await register({
      email: uniqueEmail(),
      code: '123456',
      password: DEFAULT_PASSWORD,
      agreement: true,
      adult: true,
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe(2013);
  });
});

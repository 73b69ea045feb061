import { ZSubUser, type TSubUser, USER_API, endpointUrl } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, users, walletLots } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import {
  COMPANY,
  accountTableCounts,
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

describe('sub-accounts (/user/sub_user)', () => {
  let t: TestApp;
  let main: Buyer;
  let otherMain: Buyer;
  let n = 0;
  const username = () => `staff${(n += 1)}`;

  beforeAll(async () => {
    t = await buildTestApp();
    main = await registerBuyer(t);
    otherMain = await registerBuyer(t);
    await injectApi(t, USER_API.company, { body: COMPANY, token: main.token });
  });
  afterAll(async () => {
    await t.close();
  });

  async function create(owner: Buyer, payload: Record<string, unknown>) {
    return t.call<{ sub_user: TSubUser }>({
      method: 'POST',
      url: endpointUrl(USER_API.createSubUser),
      token: owner.token,
      payload,
    });
  }

  async function list(owner: Buyer) {
    return injectApi(t, USER_API.subUsers, { token: owner.token });
  }

  it('creates a sub-account carrying the main account company', async () => {
    const res = await create(main, {
      username: 'Design.Wang',
      password: 'Sub-passw0rd',
      name: '王设计',
    });
    expect(res.code).toBe(0);
    expect(() => ZSubUser.parse(res.data.sub_user)).not.toThrow();
    expect(res.data.sub_user).toMatchObject({
      username: 'design.wang',
      name: '王设计',
      email: null,
      mobile: null,
      enabled: true,
      lastLoginAt: null,
      orderWaiting: 0,
      vipValid: false,
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.sid, res.data.sub_user.sid));
    expect(row).toMatchObject({
      level: 1,
      parentSid: main.sid,
      company: COMPANY.company,
      companyLicense: COMPANY.company_license,
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('lists only the caller sub-accounts, with waiting orders and VIP validity', async () => {
    const a = (await create(main, { username: username(), password: 'Sub-passw0rd' })).data.sub_user;
    await create(otherMain, { username: username(), password: 'Sub-passw0rd' });
    for (const auditStatus of ['PENDING', 'PENDING', 'APPROVED']) {
      const sid = newSid();
      await t.database.db.insert(orders).values({
        sid,
        orderNo: `S${sid}`,
        name: '素材订单',
        orderType: 'material',
        priceOriginCents: 100,
        priceCents: 100,
        userSid: a.sid,
        ownerSid: main.sid,
        auditStatus,
      });
    }
    const orderSid = newSid();
    await t.database.db.insert(orders).values({
      sid: orderSid,
      orderNo: `W${orderSid}`,
      name: 'VIP',
      orderType: 'wallet',
      status: 'PAYED',
      priceOriginCents: 69_900,
      priceCents: 69_900,
      userSid: main.sid,
      ownerSid: main.sid,
    });
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

    const res = await list(main);
    expect(res.code).toBe(0);
    const sids = res.data.sub_users.map((s) => s.sid);
    expect(sids).toContain(a.sid);
    expect(res.data.sub_users.every((s) => s.vipValid)).toBe(true);
    expect(res.data.sub_users.find((s) => s.sid === a.sid)?.orderWaiting).toBe(2);
    const others = await list(otherMain);
    expect(others.data.sub_users.some((s) => sids.includes(s.sid))).toBe(false);
    expect(others.data.sub_users.every((s) => !s.vipValid)).toBe(true);
  });

  it('refuses a username used anywhere, in any case, and any address given at creation', async () => {
    const name = username();
    expect((await create(otherMain, { username: name, password: 'Sub-passw0rd' })).code).toBe(0);
    const before = await accountTableCounts(t);
    const dup = await create(main, { username: name.toUpperCase(), password: 'Sub-passw0rd' });
    expect(dup.status).toBe(409);
    expect(dup.code).toBe(2007);
    expect(dup.message).toBe('该用户名已被使用');
    expect((await create(main, { username: username(), password: 'Sub-passw0rd', email: main.email })).code).toBe(2041);
    expect((await create(main, { username: username(), password: 'Sub-passw0rd', mobile: uniqueMobile() })).code).toBe(
      2041,
    );
    expect(await accountTableCounts(t)).toEqual(before);
  });

  it('edits name and mobile (PUT replaces both; a new mobile with the code sent to it)', async () => {
    const sub = (await create(main, { username: username(), password: 'Sub-passw0rd', name: '旧名字' })).data.sub_user;
    const mobile = uniqueMobile();
    const code = await obtainCode(t, { mobile }, 'bind');
    const res = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { name: '新名字', mobile, code },
      token: main.token,
    });
    expect(res.code).toBe(0);
    expect(res.data.sub_user).toMatchObject({ name: '新名字', mobile });
    const cleared = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { name: '只改名字' },
      token: main.token,
    });
    expect(cleared.data.sub_user).toMatchObject({ name: '只改名字', mobile: null });
  });

  it('refuses a mobile already used by another account', async () => {
    const sub = (await create(main, { username: username(), password: 'Sub-passw0rd' })).data.sub_user;
    const holder = await registerBuyer(t, { mobile: uniqueMobile() });
    const res = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { mobile: holder.mobile },
      token: main.token,
    });
    expect(res.code).toBe(2006);
  });

  it('sets a password, which signs the sub-account out', async () => {
    const name = username();
    const sub = (await create(main, { username: name, password: 'Sub-passw0rd' })).data.sub_user;
    const session = (await login(t, { username: name, password: 'Sub-passw0rd' })).data.access_token;
    const res = await injectApi(t, USER_API.setSubUserPassword, {
      params: { id: sub.sid },
      body: { password: 'Changed-passw0rd' },
      token: main.token,
    });
    expect(res.code).toBe(0);
    expect(res.data).toBeNull();
    expect((await me(t, session)).code).toBe(2003);
    expect((await login(t, { username: name, password: 'Sub-passw0rd' })).code).toBe(2001);
    expect((await login(t, { username: name, password: 'Changed-passw0rd' })).code).toBe(0);
  });

  it('disables (ending its sessions) and enables again', async () => {
    const name = username();
    const sub = (await create(main, { username: name, password: 'Sub-passw0rd' })).data.sub_user;
    const session = (await login(t, { username: name, password: 'Sub-passw0rd' })).data.access_token;
    const off = await injectApi(t, USER_API.setSubUserEnabled, {
      params: { id: sub.sid },
      body: { enabled: false },
      token: main.token,
    });
    expect(off.data.sub_user.enabled).toBe(false);
    expect((await me(t, session)).code).toBe(2003);
    expect((await login(t, { username: name, password: 'Sub-passw0rd' })).code).toBe(2004);

    const on = await injectApi(t, USER_API.setSubUserEnabled, {
      params: { id: sub.sid },
      body: { enabled: true },
      token: main.token,
    });
    expect(on.data.sub_user.enabled).toBe(true);
    expect((await login(t, { username: name, password: 'Sub-passw0rd' })).code).toBe(0);
  });

  it('resets a sub-account email with the code sent to the new address', async () => {
    const sub = (await create(main, { username: username(), password: 'Sub-passw0rd' })).data.sub_user;
    const email = uniqueEmail('reset');
    const code = await obtainCode(t, { email }, 'bind');
    const res = await injectApi(t, USER_API.resetEmailForSub, {
      body: { sid: sub.sid, email, code },
      token: main.token,
    });
    expect(res.code).toBe(0);
    expect(res.data.sub_user.email).toBe(email);
    const again = await injectApi(t, USER_API.resetEmailForSub, {
      body: { sid: sub.sid, email, code },
      token: main.token,
    });
    expect(again.code).toBe(0);
    const taken = await t.call({
      method: 'POST',
      url: endpointUrl(USER_API.resetEmailForSub),
      token: main.token,
      payload: { sid: sub.sid, email: otherMain.email, code: '123456' },
    });
    expect(taken.code).toBe(2005);
  });

  it("answers NOT_FOUND for another company's sub-account, leaving it untouched", async () => {
    const foreign = (await create(otherMain, { username: username(), password: 'Sub-passw0rd', name: '别人的' })).data
      .sub_user;
    const attempts = [
      {
        method: 'PUT' as const,
        url: endpointUrl(USER_API.updateSubUser, { params: { id: foreign.sid } }),
        payload: { name: 'hijack' },
      },
      {
        method: 'PUT' as const,
        url: endpointUrl(USER_API.setSubUserPassword, { params: { id: foreign.sid } }),
        payload: { password: 'Hijacked-1' },
      },
      {
        method: 'PUT' as const,
        url: endpointUrl(USER_API.setSubUserEnabled, { params: { id: foreign.sid } }),
        payload: { enabled: false },
      },
      {
        method: 'POST' as const,
        url: endpointUrl(USER_API.resetEmailForSub),
        payload: { sid: foreign.sid, email: uniqueEmail(), code: '123456' },
      },
      // A main account's own sid is not a sub-account either.
      {
        method: 'PUT' as const,
        url: endpointUrl(USER_API.updateSubUser, { params: { id: otherMain.sid } }),
        payload: { name: 'x' },
      },
      {
        method: 'PUT' as const,
        url: endpointUrl(USER_API.updateSubUser, { params: { id: 'doesnotexist0000' } }),
        payload: { name: 'x' },
      },
    ];
    const [before] = await t.database.db.select().from(users).where(eq(users.sid, foreign.sid));
    for (const attempt of attempts) {
      const res = await t.call({ ...attempt, token: main.token });
      expect(res.status).toBe(404);
      expect(res.code).toBe(1004);
      expect(res.message).toBe('子账号不存在');
      expect(res.data).toBeNull();
    }
    const [after] = await t.database.db.select().from(users).where(eq(users.sid, foreign.sid));
    expect(after).toEqual(before);
  });

  it('validates the id with a Chinese message', async () => {
    for (const id of ['ABC', 'x', 'has space', 'a'.repeat(40)]) {
      const res = await injectApi(t, USER_API.setSubUserEnabled, {
        params: { id },
        body: { enabled: false },
        token: main.token,
      });
      expect(res.status).toBe(400);
      expect(res.code).toBe(1001);
      expect(res.message).toBe('编号格式不正确');
    }
    const badBool = await t.call({
      method: 'PUT',
      url: endpointUrl(USER_API.setSubUserEnabled, { params: { id: main.sid } }),
      token: main.token,
      payload: { enabled: 'yes' },
    });
    expect(badBool.code).toBe(1001);
    expect(badBool.message).toBe('请选择启用或停用');
  });

  it('is for main accounts only', async () => {
    const name = username();
    await create(main, { username: name, password: 'Sub-passw0rd' });
    const subToken = (await login(t, { username: name, password: 'Sub-passw0rd' })).data.access_token;
    const res = await injectApi(t, USER_API.subUsers, { token: subToken });
    expect(res.status).toBe(403);
    expect(res.code).toBe(2020);
    const create2 = await injectApi(t, USER_API.createSubUser, {
      body: { username: username(), password: 'Sub-passw0rd' },
      token: subToken,
    });
    expect(create2.code).toBe(2020);
    expect((await injectApi(t, USER_API.subUsers)).code).toBe(1000);
  });

  it('answers SUB_ACCOUNTS_DISABLED when the main account has them switched off', async () => {
    const owner = await registerBuyer(t);
    await t.database.db.update(users).set({ subEnabled: false }).where(eq(users.sid, owner.sid));
    const res = await list(owner);
    expect(res.status).toBe(403);
    expect(res.code).toBe(2021);
    expect(res.message).toBe('子账号功能未开通');
    expect((await create(owner, { username: username(), password: 'Sub-passw0rd' })).code).toBe(2021);
  });

  it('validates the new sub-account', async () => {
    const before = await accountTableCounts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'Sub-passw0rd' }, '请输入用户名'],
      [{ username: 'ok-name', password: 'short' }, '密码长度为 8-64 位'],
      [{ username: '中文名', password: 'Sub-passw0rd' }, '用户名只能包含字母、数字、下划线、点和短横线'],
      [{ username: 'x'.repeat(33), password: 'Sub-passw0rd' }, '不能超过 32 个字符'],
      [{ username: 'ok-name', password: 'Sub-passw0rd', email: 'bad' }, '请输入正确的邮箱'],
    ];
    for (const [payload, message] of cases) {
      const res = await create(main, payload);
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
    }
    expect(await accountTableCounts(t)).toEqual(before);
  });
});

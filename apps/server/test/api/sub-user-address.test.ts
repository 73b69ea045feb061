import type { TSubUser } from '@gemstock/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  ageCodes,
  login,
  obtainCode,
  registerBuyer,
  uniqueEmail,
  uniqueMobile,
  type Buyer,
} from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { USER_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * A sub-account's address is bound only after its owner proves it with a code: a main account
 * cannot take someone else's email or mobile and lock its owner out.
 */
describe('sub-account addresses', () => {
  let t: TestApp;
  let main: Buyer;
  let n = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    main = await registerBuyer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function createSub(): Promise<TSubUser> {
    n += 1;
    const res = await injectApi(t, USER_API.createSubUser, {
      body: { username: `addr${n}`, password: 'Sub-passw0rd' },
      token: main.token,
    });
    expect(res.code).toBe(0);
    return res.data.sub_user;
  }

  it('the squatting sequence fails: the real owner of the email can still register, recover and sign in', async () => {
    const victim = uniqueEmail('victim');
    // 1. Naming the address when creating the sub-account is refused, and nothing is created.
    const created = await injectApi(t, USER_API.createSubUser, {
      body: { username: 'squatter1', password: 'Sub-passw0rd', email: victim },
      token: main.token,
    });
    expect(created.status).toBe(400);
    expect(created.code).toBe(2041);
    expect(created.message).toBe('子账号的邮箱或手机号需通过验证码验证后绑定');

    // 2. Setting it afterwards without a code is refused; with a guessed code too.
    const sub = await createSub();
    const noCode = await t.call({
      method: 'POST',
      url: endpointUrl(USER_API.resetEmailForSub),
      token: main.token,
      payload: { sid: sub.sid, email: victim },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.code).toBe(1001);
    await obtainCode(t, { email: victim }, 'bind');
    const guessed = await injectApi(t, USER_API.resetEmailForSub, {
      body: { sid: sub.sid, email: victim, code: '000000' },
      token: main.token,
    });
    expect(guessed.code).toBe(2013);

    // 3. The owner registers, recovers the password and signs in as if nothing happened.
    await ageCodes(t, victim, 61);
    const owner = await registerBuyer(t, { email: victim });
    const resetCode = await obtainCode(t, { email: victim }, 'reset_password');
    const reset = await injectApi(t, USER_API.forgetPassword, {
      body: { email: victim, code: resetCode, password: 'Owner-passw0rd' },
    });
    expect(reset.code).toBe(0);
    const signedIn = await login(t, { email: victim, password: 'Owner-passw0rd' });
    expect(signedIn.code).toBe(0);
    expect(owner.email).toBe(victim);
  });

  it('the same holds for a mobile: no binding without the code sent to it', async () => {
    const victim = uniqueMobile();
    const sub = await createSub();
    const noCode = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { name: '占用', mobile: victim },
      token: main.token,
    });
    expect(noCode.code).toBe(2041);
    expect(noCode.message).toBe('请输入发送到该手机号的验证码');
    const owner = await registerBuyer(t, { mobile: victim });
    expect((await login(t, { mobile: victim, password: DEFAULT_PASSWORD })).code).toBe(0);
    expect(owner.mobile).toBe(victim);
  });

  it('binds an address whose owner handed over the code, once per code', async () => {
    const email = uniqueEmail('staff');
    const sub = await createSub();
    const code = await obtainCode(t, { email }, 'bind');
    const bound = await injectApi(t, USER_API.resetEmailForSub, {
      body: { sid: sub.sid, email, code },
      token: main.token,
    });
    expect(bound.code).toBe(0);
    expect(bound.data.sub_user.email).toBe(email);

    const other = await createSub();
    const reused = await injectApi(t, USER_API.resetEmailForSub, {
      body: { sid: other.sid, email, code },
      token: main.token,
    });
    expect(reused.code).toBe(2005);
  });

  it('binds a mobile with its code, and keeps or clears the current one without any', async () => {
    const mobile = uniqueMobile();
    const sub = await createSub();
    const code = await obtainCode(t, { mobile }, 'bind');
    const bound = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { name: '小李', mobile, code },
      token: main.token,
    });
    expect(bound.code).toBe(0);
    expect(bound.data.sub_user).toMatchObject({ name: '小李', mobile });
    const kept = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { name: '李工', mobile },
      token: main.token,
    });
    expect(kept.data.sub_user).toMatchObject({ name: '李工', mobile });
    const cleared = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { name: '李工' },
      token: main.token,
    });
    expect(cleared.data.sub_user.mobile).toBeNull();
  });

  it('a wrong code changes nothing, the name included', async () => {
    const sub = await createSub();
    const mobile = uniqueMobile();
    await obtainCode(t, { mobile }, 'bind');
    const res = await injectApi(t, USER_API.updateSubUser, {
      params: { id: sub.sid },
      body: { name: '改名', mobile, code: '000000' },
      token: main.token,
    });
    expect(res.code).toBe(2013);
    const list = await injectApi(t, USER_API.subUsers, { token: main.token });
    expect(list.data.sub_users.find((s) => s.sid === sub.sid)).toMatchObject({ name: null, mobile: null });
  });
});

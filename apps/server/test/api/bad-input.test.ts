import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import {
  COMPANY,
  DEFAULT_PASSWORD,
  accountTableCounts,
  ageCodes,
  nextIp,
  obtainCode,
  registerBuyer,
  sendCode,
  uniqueEmail,
  type Buyer,
} from '../helpers/accounts.js';
import { buildTestApp, type ApiResult, type TestApp } from '../helpers/test-app.js';
import { type AnyEndpoint, USER_API, endpointUrl } from '@gemstock/contract';

const CHINESE = /[\u4e00-\u9fa5]/;

describe('bad input to the account calls', () => {
  let t: TestApp;
  let buyer: Buyer;
  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await registerBuyer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Every refusal: a 4xx, a coded envelope with a Chinese message, and no write to the database. */
  async function expectRefused(
    send: () => Promise<ApiResult<unknown>>,
    expected: { status: number; code: number; message?: string },
  ) {
    const before = await accountTableCounts(t);
    const res = await send();
    expect(res.status).toBe(expected.status);
    expect(res.code).toBe(expected.code);
    expect(res.message).toMatch(CHINESE);
    if (expected.message) expect(res.message).toBe(expected.message);
    expect(await accountTableCounts(t)).toEqual(before);
    return res;
  }

  /** Sends what the types refuse, so through `t.call` rather than injectApi. */
  function post(
    endpoint: AnyEndpoint,
    payload: unknown,
    extra: { token?: string; headers?: Record<string, string> } = {},
  ) {
    return t.call({
      method: 'POST',
      url: endpointUrl(endpoint),
      payload: payload as never,
      remoteAddress: nextIp(),
      ...extra,
    });
  }

  it('malformed JSON → 400, code 1002', async () => {
    for (const body of ['{"email":', '{email: "a@b.cc"}', "{'a':1}", '{"a":1}}']) {
      await expectRefused(() => post(USER_API.login, body, { headers: { 'content-type': 'application/json' } }), {
        status: 400,
        code: 1002,
        message: '请求内容格式不正确',
      });
    }
  });

  it('an empty JSON body → 400, code 1002', async () => {
    await expectRefused(() => post(USER_API.register, '', { headers: { 'content-type': 'application/json' } }), {
      status: 400,
      code: 1002,
    });
  });

  it('a text/plain or form body → 415 envelope, code 1008', async () => {
    await expectRefused(
      () => post(USER_API.login, 'email=a@b.cc&password=x', { headers: { 'content-type': 'text/plain' } }),
      { status: 415, code: 1008, message: '不支持的请求内容类型' },
    );
    await expectRefused(
      () =>
        post(USER_API.register, 'email=a@b.cc', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
      { status: 415, code: 1008 },
    );
  });

  it('a body over 1 MB → 413, code 1007', async () => {
    await expectRefused(() => post(USER_API.login, { email: 'a@b.cc', password: 'x'.repeat(1_100_000) }), {
      status: 413,
      code: 1007,
    });
  });

  it('no body, an array, a string or null where an object belongs → 400, code 1001', async () => {
    await expectRefused(() => t.call({ method: 'POST', url: endpointUrl(USER_API.login) }), {
      status: 400,
      code: 1001,
    });
    for (const body of [[], 'text', null, 42]) {
      await expectRefused(
        () => post(USER_API.register, JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
        {
          status: 400,
          code: 1001,
        },
      );
    }
  });

  it('wrong types → 400 with the field message', async () => {
    await expectRefused(() => post(USER_API.login, { email: 123, password: 'x' }), {
      status: 400,
      code: 1001,
      message: '请输入正确的邮箱',
    });
    await expectRefused(() => post(USER_API.login, { email: buyer.email, password: ['x'] }), {
      status: 400,
      code: 1001,
      message: '请输入密码',
    });
    await expectRefused(() => post(USER_API.sendMobileCode, { mobile: 13800138000 }), {
      status: 400,
      code: 1001,
      message: '请输入正确的手机号',
    });
    await expectRefused(
      () =>
        post(USER_API.register, {
          email: uniqueEmail(),
          code: 123456,
          password: DEFAULT_PASSWORD,
          agreement: true,
          adult: true,
        }),
      { status: 400, code: 1001, message: '请输入验证码' },
    );
    await expectRefused(
      () =>
        post(USER_API.register, {
          email: uniqueEmail(),
          code: '123456',
          password: DEFAULT_PASSWORD,
          agreement: 'true',
          adult: true,
        }),
      { status: 400, code: 1001, message: '请阅读并勾选《用户协议》和《个人信息保护指引》' },
    );
  });

  it('missing fields → 400 naming what is missing', async () => {
    await expectRefused(
      () => post(USER_API.register, { password: DEFAULT_PASSWORD, code: '123456', agreement: true, adult: true }),
      {
        status: 400,
        code: 1001,
        message: '请填写邮箱或手机号',
      },
    );
    await expectRefused(
      () => post(USER_API.register, { email: uniqueEmail(), password: DEFAULT_PASSWORD, agreement: true, adult: true }),
      {
        status: 400,
        code: 1001,
        message: '请输入验证码',
      },
    );
    await expectRefused(
      () => post(USER_API.register, { email: uniqueEmail(), code: '123456', agreement: true, adult: true }),
      {
        status: 400,
        code: 1001,
        message: '请输入新密码',
      },
    );
    await expectRefused(() => post(USER_API.company, { company: COMPANY.company }, { token: buyer.token }), {
      status: 400,
      code: 1001,
      message: '请输入统一社会信用代码/纳税人识别号',
    });
    await expectRefused(() => post(USER_API.sendEmailCode, {}), {
      status: 400,
      code: 1001,
      message: '请输入正确的邮箱',
    });
  });

  it('both email and mobile, or a malformed code → 400', async () => {
    await expectRefused(
      () =>
        post(USER_API.register, {
          email: uniqueEmail(),
          mobile: '13800138000',
          code: '123456',
          password: DEFAULT_PASSWORD,
          agreement: true,
          adult: true,
        }),
      { status: 400, code: 1001, message: '邮箱和手机号只能填写一个' },
    );
    for (const code of ['12345', '1234567', 'abcdef', '12 456']) {
      await expectRefused(
        () =>
          post(USER_API.register, {
            email: uniqueEmail(),
            code,
            password: DEFAULT_PASSWORD,
            agreement: true,
            adult: true,
          }),
        { status: 400, code: 1001, message: '验证码为 6 位数字' },
      );
    }
  });

  it('over-long strings are refused, not truncated', async () => {
    const longEmail = `${'a'.repeat(95)}@example.com`;
    await expectRefused(() => post(USER_API.sendEmailCode, { email: longEmail }), {
      status: 400,
      code: 1001,
      message: '不能超过 100 个字符',
    });
    await expectRefused(() => post(USER_API.login, { email: buyer.email, password: 'p'.repeat(65) }), {
      status: 400,
      code: 1001,
      message: '不能超过 64 个字符',
    });
    await expectRefused(
      () =>
        post(USER_API.register, {
          email: uniqueEmail(),
          code: '123456',
          password: DEFAULT_PASSWORD,
          agreement: true,
          adult: true,
          source: 's'.repeat(65),
        }),
      { status: 400, code: 1001, message: '不能超过 64 个字符' },
    );
    await expectRefused(
      () => post(USER_API.company, { ...COMPANY, company_address: '路'.repeat(201) }, { token: buyer.token }),
      {
        status: 400,
        code: 1001,
        message: '不能超过 200 个字符',
      },
    );
    await expectRefused(
      () =>
        post(
          USER_API.createSubUser,
          { username: 'fine', password: DEFAULT_PASSWORD, name: '名'.repeat(41) },
          { token: buyer.token },
        ),
      { status: 400, code: 1001, message: '不能超过 40 个字符' },
    );
  });

  it('NUL characters, which PostgreSQL cannot store, are refused with 400', async () => {
    await expectRefused(
      () =>
        post(
          USER_API.createSubUser,
          { username: 'nul-name', password: DEFAULT_PASSWORD, name: 'a\u0000b' },
          { token: buyer.token },
        ),
      { status: 400, code: 1001 },
    );
    await expectRefused(
      () => post(USER_API.company, { ...COMPANY, company: '宝图\u0000珠宝' }, { token: buyer.token }),
      {
        status: 400,
        code: 1001,
      },
    );
    await expectRefused(() => post(USER_API.login, { email: buyer.email, password: 'pass\u0000word' }), {
      status: 400,
      code: 1001,
    });
  });

  it('extra fields (level, walletBalance, isVip, parentSid) are ignored and not applied', async () => {
    const res = await post(
      USER_API.company,
      { ...COMPANY, level: 1, walletBalance: 1_000_000, isVip: true, subEnabled: false, sid: 'hijacked00000000' },
      { token: buyer.token },
    );
    expect(res.code).toBe(0);
    const [row] = await t.database.db.select().from(users).where(eq(users.sid, buyer.sid));
    expect(row).toMatchObject({ level: 0, subEnabled: true, company: COMPANY.company });

    const sub = await post(
      USER_API.createSubUser,
      {
        username: 'extra-fields',
        password: DEFAULT_PASSWORD,
        level: 0,
        parentSid: null,
        enabled: false,
        company: '别的公司',
      },
      { token: buyer.token },
    );
    expect(sub.code).toBe(0);
    const [subRow] = await t.database.db.select().from(users).where(eq(users.username, 'extra-fields'));
    expect(subRow).toMatchObject({ level: 1, parentSid: buyer.sid, enabled: true, company: COMPANY.company });
  });

  it('a code requested twice within 60 seconds → 429, code 2010, one code kept', async () => {
    const email = uniqueEmail();
    expect((await sendCode(t, { email })).code).toBe(0);
    await expectRefused(() => sendCode(t, { email }), { status: 429, code: 2010 });
  });

  it('a wrong code six times → 2013 five times, then 2015 even for the right code', async () => {
    const email = uniqueEmail();
    const code = await obtainCode(t, { email });
    const wrong = code === '999999' ? '888888' : '999999';
    const register = (c: string) =>
      post(USER_API.register, { email, code: c, password: DEFAULT_PASSWORD, agreement: true, adult: true });
    for (let i = 0; i < 5; i += 1) {
      const before = await t.database.db.select().from(users).where(eq(users.email, email));
      const res = await register(wrong);
      expect(res.status).toBe(400);
      expect(res.code).toBe(2013);
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual(before);
    }
    const res = await register(code);
    expect(res.code).toBe(2015);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('an already registered address → 409, code 2005, nothing written', async () => {
    await ageCodes(t, buyer.email!, 61);
    await expectRefused(() => sendCode(t, { email: buyer.email! }), { status: 409, code: 2005 });
    await expectRefused(
      () =>
        post(USER_API.register, {
          email: buyer.email,
          code: '123456',
          password: DEFAULT_PASSWORD,
          agreement: true,
          adult: true,
        }),
      { status: 409, code: 2005, message: '该邮箱已注册' },
    );
  });

  it('unknown routes and methods answer the envelope', async () => {
    const res = await t.call({ method: 'DELETE', url: endpointUrl(USER_API.login) });
    expect(res.status).toBe(404);
    expect(res.code).toBe(1005);
  });
});

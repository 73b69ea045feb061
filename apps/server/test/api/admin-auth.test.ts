import { ErrorCode, ZOperator, type TTokenResponse, ADMIN_API, USER_API, endpointUrl } from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/app-error.js';
import { createOperator } from '../../src/modules/operator/operator.service.js';
import { nextIp, registerBuyer } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

describe('operators: /api/admin/login and /api/admin/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await createOperator(t.database.db, { username: 'Ops.Chen', password: 'Operator-passw0rd', name: '陈运营' });
  });
  afterAll(async () => {
    await t.close();
  });

  function adminLogin(payload: Record<string, unknown>, ip = nextIp()) {
    return t.call<TTokenResponse>({ method: 'POST', url: endpointUrl(ADMIN_API.login), payload, remoteAddress: ip });
  }

  it('createOperator stores an argon2id hash and the display name', async () => {
    const [row] = await t.database.db.select().from(operators).where(eq(operators.username, 'Ops.Chen'));
    expect(row).toMatchObject({ name: '陈运营', enabled: true, tokenVersion: 0, lastLoginAt: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('signs an operator in (username in any case) and answers /me', async () => {
    const res = await adminLogin({ username: 'ops.chen', password: 'Operator-passw0rd' });
    expect(res.code).toBe(0);
    const meRes = await injectApi(t, ADMIN_API.me, { token: res.data.access_token });
    expect(meRes.code).toBe(0);
    expect(() => ZOperator.parse(meRes.data.operator)).not.toThrow();
    expect(meRes.data.operator).toMatchObject({ username: 'Ops.Chen', name: '陈运营' });
    expect(meRes.data.operator.lastLoginAt).not.toBeNull();
    expect(meRes.data.operator).not.toHaveProperty('passwordHash');
  });

  it('answers unknown operator and wrong password alike', async () => {
    for (const payload of [
      { username: 'ops.chen', password: 'wrong-password' },
      { username: 'nobody', password: 'Operator-passw0rd' },
    ]) {
      const res = await adminLogin(payload);
      expect(res.status).toBe(401);
      expect(res.code).toBe(2001);
      expect(res.message).toBe('账号或密码错误');
    }
  });

  it('refuses a disabled operator, and its open sessions', async () => {
    await createOperator(t.database.db, { username: 'leaver', password: 'Operator-passw0rd', name: null });
    const session = (await adminLogin({ username: 'leaver', password: 'Operator-passw0rd' })).data.access_token;
    await t.database.db.update(operators).set({ enabled: false }).where(eq(operators.username, 'leaver'));
    expect((await adminLogin({ username: 'leaver', password: 'Operator-passw0rd' })).code).toBe(2004);
    expect((await injectApi(t, ADMIN_API.me, { token: session })).code).toBe(2003);
  });

  it('keeps buyer and operator tokens apart', async () => {
    const buyer = await registerBuyer(t);
    const asOperator = await injectApi(t, ADMIN_API.me, { token: buyer.token });
    expect(asOperator.status).toBe(401);
    expect(asOperator.code).toBe(2002);
    const operatorToken = (await adminLogin({ username: 'ops.chen', password: 'Operator-passw0rd' })).data.access_token;
    const asBuyer = await injectApi(t, USER_API.me, { token: operatorToken });
    expect(asBuyer.code).toBe(2002);
    // A buyer password does not open the back office either.
    expect((await adminLogin({ username: 'ops.chen', password: buyer.password })).code).toBe(2001);
  });

  it('needs a token for /me', async () => {
    const res = await injectApi(t, ADMIN_API.me);
    expect(res.status).toBe(401);
    expect(res.code).toBe(1000);
  });

  it('limits sign-in attempts per client address', async () => {
    const ip = '203.0.113.5';
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await adminLogin({ username: 'ops.chen', password: `guess-${i}` }, ip)).code);
    expect(codes).toEqual([2001, 2001, 2001, 2001, 2001, 1009]);
  });

  it('validates the login body', async () => {
    const res = await adminLogin({ username: '', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.message).toBe('请输入用户名');
  });

  describe('createOperator', () => {
    it('refuses a taken username, whatever the case', async () => {
      await expect(
        createOperator(t.database.db, { username: 'OPS.CHEN', password: 'Another-passw0rd' }),
      ).rejects.toMatchObject({
        spec: ErrorCode.USERNAME_TAKEN,
      });
    });

    it('applies the form rules to username and password', async () => {
      const short = createOperator(t.database.db, { username: 'newop', password: 'short' });
      await expect(short).rejects.toBeInstanceOf(AppError);
      await expect(short).rejects.toMatchObject({ spec: ErrorCode.VALIDATION, message: '密码长度为 8-64 位' });
      await expect(
        createOperator(t.database.db, { username: '运营', password: 'Operator-passw0rd' }),
      ).rejects.toMatchObject({
        spec: ErrorCode.VALIDATION,
      });
      const rows = await t.database.db.select().from(operators).where(eq(operators.username, 'newop'));
      expect(rows).toHaveLength(0);
    });
  });
});

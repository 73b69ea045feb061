import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { LocalDiskStorage } from '../../src/media/storage.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import { DEFAULT_PASSWORD, ageCodes, login, me, obtainCode, registerBuyer } from '../helpers/accounts.js';
import { createTestOperator } from '../helpers/admin.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_API, USER_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

describe('server-side sign-out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('POST /api/user/logout revokes the token it was called with', async () => {
    const buyer = await registerBuyer(t);
    const res = await injectApi(t, USER_API.logout, { token: buyer.token });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    const after = await me(t, buyer.token);
    expect(after.status).toBe(401);
    expect(after.code).toBe(2003);
  });

  it('holds on every server sharing the database, not only the one that signed out', async () => {
    const buyer = await registerBuyer(t);
    const other = await buildApp({
      config: t.config,
      db: t.database.db,
      messages: new DevOutboxSender(t.database.db),
      storage: new LocalDiskStorage('/tmp/gemstock-logout-test-media'),
      logger: false,
    });
    try {
      const meOnOther = () =>
        other.inject({
          method: 'GET',
          url: endpointUrl(USER_API.me),
          headers: { authorization: `Bearer ${buyer.token}` },
        });
      expect((await meOnOther()).json().code).toBe(0);
      expect((await injectApi(t, USER_API.logout, { token: buyer.token })).code).toBe(0);
      expect((await meOnOther()).json().code).toBe(2003);
    } finally {
      await other.close();
    }
  });

  it('leaves signing in again possible, with a token that works', async () => {
    const buyer = await registerBuyer(t);
    await injectApi(t, USER_API.logout, { token: buyer.token });
    const again = await login(t, { email: buyer.email, password: DEFAULT_PASSWORD });
    expect(again.code).toBe(0);
    expect((await me(t, again.data.access_token)).code).toBe(0);
  });

  it('answers 1000 without a token and 2003 for a token already signed out', async () => {
    expect((await injectApi(t, USER_API.logout)).code).toBe(1000);
    const buyer = await registerBuyer(t);
    await injectApi(t, USER_API.logout, { token: buyer.token });
    expect((await injectApi(t, USER_API.logout, { token: buyer.token })).code).toBe(2003);
  });

  it('revokes older tokens when the password is recovered with a code', async () => {
    const buyer = await registerBuyer(t);
    await ageCodes(t, buyer.email!, 61);
    const code = await obtainCode(t, { email: buyer.email! }, 'reset_password');
    const reset = await injectApi(t, USER_API.forgetPassword, {
      body: { email: buyer.email, code, password: 'New-passw0rd-1' },
    });
    expect(reset.code).toBe(0);
    expect((await me(t, buyer.token)).code).toBe(2003);
  });

  it('POST /api/admin/logout revokes the operator token', async () => {
    const operator = await createTestOperator(t);
    const before = await injectApi(t, ADMIN_API.me, { token: operator.token });
    expect(before.code).toBe(0);
    expect((await injectApi(t, ADMIN_API.logout, { token: operator.token })).code).toBe(0);
    expect((await injectApi(t, ADMIN_API.me, { token: operator.token })).code).toBe(2003);
  });
});

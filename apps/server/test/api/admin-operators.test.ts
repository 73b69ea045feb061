import {
  ADMIN_API,
  ADMIN_AUDIT_API,
  ADMIN_KEYWORD_API,
  ADMIN_OPERATOR_API,
  ErrorCode,
  OperatorRole,
  ZOperatorListResponse,
} from '@gemstock/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../../src/db/schema/index.js';
import { createTestOperator, type TestOperator } from '../helpers/admin.js';
import { nextIp } from '../helpers/accounts.js';
import { injectApi } from '../helpers/inject-api.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: TestOperator;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createTestOperator(t, '王管理');
});
afterAll(async () => t.close());

function login(username: string, password: string, totp?: string) {
  return injectApi(t, ADMIN_API.login, {
    body: { username, password, ...(totp ? { totp } : {}) },
    remoteAddress: nextIp(),
  });
}

async function createAccount(body: { username: string; roles: OperatorRole[]; name?: string; password?: string }) {
  const res = await injectApi(t, ADMIN_OPERATOR_API.create, { body, token: admin.token });
  expect(res.code).toBe(0);
  return res.data;
}

const me = (token: string) => injectApi(t, ADMIN_API.me, { token });

describe('账号管理 (管理员)', () => {
  it('creates an operator with roles and an initial password shown once, which it must change', async () => {
    const created = await createAccount({ username: 'li.caiwu', name: '李财务', roles: ['service', 'finance'] });
    expect(created.operator).toMatchObject({
      username: 'li.caiwu',
      name: '李财务',
      roles: ['finance', 'service'],
      enabled: true,
      totpEnabled: false,
      mustChangePassword: true,
    });
    expect(created.password).toMatch(/^[A-Za-z2-9]{14}$/);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.sid, created.operator.sid));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(created.password!);

    const signedIn = await login('li.caiwu', created.password!);
    expect(signedIn.code).toBe(0);
    const token = signedIn.data.access_token;
    expect((await me(token)).data.operator).toMatchObject({ roles: ['finance', 'service'], mustChangePassword: true });

    const changed = await injectApi(t, ADMIN_API.changePassword, {
      token,
      body: { currentPassword: created.password!, newPassword: 'Mine-passw0rd' },
    });
    expect(changed.code).toBe(0);
    // Every other session ends; the one that changed it goes on with the new token.
    expect((await me(token)).code).toBe(ErrorCode.TOKEN_EXPIRED.code);
    expect((await me(changed.data.access_token)).data.operator.mustChangePassword).toBe(false);
    expect((await login('li.caiwu', 'Mine-passw0rd')).code).toBe(0);
  });

  it('takes the password an administrator sets, and lists every account', async () => {
    const created = await createAccount({ username: 'zhao.kefu', roles: ['service'], password: 'Given-passw0rd' });
    expect(created.password).toBeNull();
    expect((await login('zhao.kefu', 'Given-passw0rd')).code).toBe(0);
    const list = await injectApi(t, ADMIN_OPERATOR_API.list, { token: admin.token });
    expect(() => ZOperatorListResponse.parse(list.data)).not.toThrow();
    expect(list.data.operators.map((o) => o.username)).toEqual(expect.arrayContaining([admin.username, 'zhao.kefu']));
  });

  it('refuses a taken username and an account without a role, creating nothing', async () => {
    await createAccount({ username: 'dup.name', roles: ['content'] });
    const again = await injectApi(t, ADMIN_OPERATOR_API.create, {
      token: admin.token,
      body: { username: 'DUP.NAME', roles: ['finance'] },
    });
    expect(again.code).toBe(ErrorCode.USERNAME_TAKEN.code);
    const noRole = await injectApi(t, ADMIN_OPERATOR_API.create, {
      token: admin.token,
      body: { username: 'no.role', roles: [] },
    });
    expect([noRole.status, noRole.message]).toEqual([400, '请至少选择一个角色']);
    expect(await t.database.db.select().from(operators).where(eq(operators.username, 'no.role'))).toEqual([]);
  });

  it("ends a disabled operator's sessions at once, and they stay ended when it is enabled again", async () => {
    const created = await createAccount({ username: 'leaving.soon', roles: ['content'], password: 'Leaver-passw0rd' });
    const token = (await login('leaving.soon', 'Leaver-passw0rd')).data.access_token;
    expect((await injectApi(t, ADMIN_KEYWORD_API.lists, { token })).code).toBe(0);

    const disabled = await injectApi(t, ADMIN_OPERATOR_API.update, {
      params: { id: created.operator.sid },
      body: { enabled: false },
      token: admin.token,
    });
    expect(disabled.data.operator.enabled).toBe(false);
    expect((await injectApi(t, ADMIN_KEYWORD_API.lists, { token })).code).toBe(ErrorCode.TOKEN_EXPIRED.code);
    expect((await login('leaving.soon', 'Leaver-passw0rd')).code).toBe(ErrorCode.ACCOUNT_DISABLED.code);

    await injectApi(t, ADMIN_OPERATOR_API.update, {
      params: { id: created.operator.sid },
      body: { enabled: true },
      token: admin.token,
    });
    expect((await me(token)).code).toBe(ErrorCode.TOKEN_EXPIRED.code);
    expect((await login('leaving.soon', 'Leaver-passw0rd')).code).toBe(0);
  });

  it('resets a password (made up, shown once): old sessions end, the old password stops working', async () => {
    const created = await createAccount({ username: 'forgetful', roles: ['service'], password: 'Forgot-passw0rd' });
    const token = (await login('forgetful', 'Forgot-passw0rd')).data.access_token;
    const reset = await injectApi(t, ADMIN_OPERATOR_API.resetPassword, {
      params: { id: created.operator.sid },
      body: {},
      token: admin.token,
    });
    expect(reset.code).toBe(0);
    expect(reset.data.password).toMatch(/^[A-Za-z2-9]{14}$/);
    expect(reset.data.operator.mustChangePassword).toBe(true);
    expect((await me(token)).code).toBe(ErrorCode.TOKEN_EXPIRED.code);
    expect((await login('forgetful', 'Forgot-passw0rd')).code).toBe(ErrorCode.INVALID_CREDENTIALS.code);
    expect((await login('forgetful', reset.data.password!)).code).toBe(0);
  });

  it('keeps an administrator from locking itself out, and always one enabled administrator', async () => {
    const self = await injectApi(t, ADMIN_OPERATOR_API.update, {
      params: { id: admin.sid },
      body: { roles: ['finance'] },
      token: admin.token,
    });
    expect(self.code).toBe(ErrorCode.OPERATOR_SELF_LOCKOUT.code);
    const disableSelf = await injectApi(t, ADMIN_OPERATOR_API.update, {
      params: { id: admin.sid },
      body: { enabled: false },
      token: admin.token,
    });
    expect(disableSelf.code).toBe(ErrorCode.OPERATOR_SELF_LOCKOUT.code);
    expect((await me(admin.token)).data.operator.roles).toEqual(['admin']);

    // Two administrators disabling each other at once: one of them stays.
    const solo = await buildTestApp();
    try {
      const a = await createTestOperator(solo, 'A');
      const b = await createTestOperator(solo, 'B');
      const results = await Promise.all([
        injectApi(solo, ADMIN_OPERATOR_API.update, { params: { id: b.sid }, body: { enabled: false }, token: a.token }),
        injectApi(solo, ADMIN_OPERATOR_API.update, { params: { id: a.sid }, body: { enabled: false }, token: b.token }),
      ]);
      // One wins. The other is refused either by the last-administrator rule (both were signed in
      // when they checked) or, when the winner committed first, at sign-in: its account is
      // disabled and its session ends at once.
      const codes = results.map((r) => r.code).sort((x, y) => x - y);
      expect(codes[0]).toBe(0);
      expect([ErrorCode.LAST_ADMINISTRATOR.code, ErrorCode.TOKEN_EXPIRED.code]).toContain(codes[1]);
      const admins = await solo.database.db.select().from(operators).where(eq(operators.enabled, true));
      expect(admins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });

  it('is for 管理员 only', async () => {
    const finance = await createTestOperator(t, '财务', [OperatorRole.FINANCE]);
    const res = await injectApi(t, ADMIN_OPERATOR_API.list, { token: finance.token });
    expect([res.status, res.code]).toEqual([403, ErrorCode.OPERATOR_ROLE_FORBIDDEN.code]);
    expect(res.message).toBe('您的角色无权执行此操作，需要「管理员」角色');
  });

  it('refuses an unknown operator with its own code', async () => {
    const res = await injectApi(t, ADMIN_OPERATOR_API.update, {
      params: { id: 'nosuchoperator00' },
      body: { name: '无' },
      token: admin.token,
    });
    expect([res.status, res.code]).toEqual([404, ErrorCode.OPERATOR_NOT_FOUND.code]);
  });
});

describe('own password and TOTP sign-in', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const op = await createAccount({ username: 'careful', roles: ['content'], password: 'Careful-passw0rd' });
    const token = (await login('careful', 'Careful-passw0rd')).data.access_token;
    const wrong = await injectApi(t, ADMIN_API.changePassword, {
      token,
      body: { currentPassword: 'not-my-password', newPassword: 'Other-passw0rd' },
    });
    expect([wrong.status, wrong.code]).toEqual([400, ErrorCode.CURRENT_PASSWORD_WRONG.code]);
    expect((await me(token)).code).toBe(0);
    expect((await login('careful', 'Careful-passw0rd')).code).toBe(0);
    expect(op.operator.sid).toBeTruthy();
  });

  it('turns TOTP on with a code from the app, then asks for a fresh code at every sign-in', async () => {
    await createAccount({ username: 'two.step', roles: ['finance'], password: 'TwoStep-passw0rd' });
    const token = (await login('two.step', 'TwoStep-passw0rd')).data.access_token;

    const badPassword = await injectApi(t, ADMIN_API.totpSetup, { token, body: { password: 'nope' } });
    expect(badPassword.code).toBe(ErrorCode.CURRENT_PASSWORD_WRONG.code);
    expect((await injectApi(t, ADMIN_API.totpEnable, { token, body: { code: '123456' } })).code).toBe(
      ErrorCode.TOTP_NOT_PENDING.code,
    );

    const setup = await injectApi(t, ADMIN_API.totpSetup, { token, body: { password: 'TwoStep-passw0rd' } });
    expect(setup.code).toBe(0);
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(setup.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const { secret } = setup.data;

    // Nothing changes until a code proves the app holds the secret.
    expect((await me(token)).data.operator.totpEnabled).toBe(false);
    const wrongCode = await injectApi(t, ADMIN_API.totpEnable, { token, body: { code: '000000' } });
    expect(wrongCode.code).toBe(ErrorCode.TOTP_INVALID.code);
    const enabled = await injectApi(t, ADMIN_API.totpEnable, { token, body: { code: await generate({ secret }) } });
    expect(enabled.data.operator.totpEnabled).toBe(true);

    const withoutCode = await login('two.step', 'TwoStep-passw0rd');
    expect([withoutCode.status, withoutCode.code]).toEqual([401, ErrorCode.TOTP_REQUIRED.code]);
    expect((await login('two.step', 'TwoStep-passw0rd', '111111')).code).toBe(ErrorCode.TOTP_INVALID.code);

    // The code that turned TOTP on was used: a sign-in needs the next one.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await login('two.step', 'TwoStep-passw0rd', next)).code).toBe(0);
    // …and each code once: someone who saw it typed cannot sign in with it.
    expect((await login('two.step', 'TwoStep-passw0rd', next)).code).toBe(ErrorCode.TOTP_INVALID.code);
  });

  it('lets an administrator turn TOTP off for an operator who lost the phone', async () => {
    const created = await createAccount({ username: 'lost.phone', roles: ['content'], password: 'LostPhone-passw0rd' });
    const token = (await login('lost.phone', 'LostPhone-passw0rd')).data.access_token;
    const { secret } = (await injectApi(t, ADMIN_API.totpSetup, { token, body: { password: 'LostPhone-passw0rd' } }))
      .data;
    await injectApi(t, ADMIN_API.totpEnable, { token, body: { code: await generate({ secret }) } });
    const reset = await injectApi(t, ADMIN_OPERATOR_API.resetPassword, {
      params: { id: created.operator.sid },
      body: { password: 'NewPhone-passw0rd', clearTotp: true },
      token: admin.token,
    });
    expect(reset.data.operator.totpEnabled).toBe(false);
    expect((await login('lost.phone', 'NewPhone-passw0rd')).code).toBe(0);
  });
});

describe('sign-ins in the audit', () => {
  it('records each sign-in, each refused one (never the password) and each sign-out', async () => {
    await createAccount({ username: 'audited', name: '审计对象', roles: ['service'], password: 'Audited-passw0rd' });
    expect((await login('audited', 'wrong-password')).code).toBe(ErrorCode.INVALID_CREDENTIALS.code);
    expect((await login('nobody.here', 'whatever-pass')).code).toBe(ErrorCode.INVALID_CREDENTIALS.code);
    const token = (await login('audited', 'Audited-passw0rd')).data.access_token;
    expect((await injectApi(t, ADMIN_API.logout, { token })).code).toBe(0);
    expect((await me(token)).code).toBe(ErrorCode.TOKEN_EXPIRED.code);

    const audit = await injectApi(t, ADMIN_AUDIT_API.list, {
      query: { entity: 'operator', page_size: 100 },
      token: admin.token,
    });
    const mine = audit.data.entries.filter(
      (e) => e.operatorUsername === 'audited' || (e.after as { username?: string } | null)?.username === 'nobody.here',
    );
    expect(mine.map((e) => [e.action, e.operatorName])).toEqual([
      ['operator.logout', '审计对象'],
      ['operator.login', '审计对象'],
      ['operator.login_failed', null],
      ['operator.login_failed', '审计对象'],
    ]);
    expect(mine[2]!.after).toMatchObject({ username: 'nobody.here', reason: 'unknown_username' });
    expect(mine[3]!.after).toMatchObject({ username: 'audited', reason: 'password' });
    expect(JSON.stringify(mine)).not.toContain('wrong-password');
  });
});

import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { DEFAULT_PASSWORD, me, registerBuyer, type Buyer } from '../helpers/accounts.js';
import { TEST_JWT_SECRET, buildTestApp, type TestApp } from '../helpers/test-app.js';
import { USER_API, ORDER_API, ADMIN_MATERIAL_API, ADMIN_COUPON_API, endpointUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

interface TokenShape {
  sub?: string;
  tv?: number | string;
  aud?: string;
  iss?: string;
  secret?: Uint8Array;
  alg?: 'HS256' | 'HS512';
  /** null signs a token without any `exp` claim. */
  expiresAt?: number | null;
}

/** Signs tokens the way an attacker or a stale client might present them. */
function forge(shape: TokenShape): Promise<string> {
  const jwt = new SignJWT(shape.tv === undefined ? {} : { tv: shape.tv })
    .setProtectedHeader({ alg: shape.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(shape.iss ?? 'gemstock')
    .setAudience(shape.aud ?? 'buyer')
    .setIssuedAt();
  if (shape.expiresAt !== null) jwt.setExpirationTime(shape.expiresAt ?? '1h');
  if (shape.sub) jwt.setSubject(shape.sub);
  return jwt.sign(shape.secret ?? TEST_JWT_SECRET);
}

describe('bearer tokens', () => {
  let t: TestApp;
  let buyer: Buyer;
  beforeAll(async () => {
    t = await buildTestApp();
    buyer = await registerBuyer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function expectInvalid(token: string) {
    const res = await me(t, token);
    expect(res.status).toBe(401);
    expect(res.code).toBe(2002);
    expect(res.message).toBe('登录状态无效，请重新登录');
    expect(res.data).toBeNull();
  }

  async function expectExpired(token: string) {
    const res = await me(t, token);
    expect(res.status).toBe(401);
    expect(res.code).toBe(2003);
    expect(res.message).toBe('登录已过期，请重新登录');
  }

  it('accepts a well-formed token of the current version', async () => {
    expect((await me(t, await forge({ sub: buyer.sid, tv: 0 }))).code).toBe(0);
  });

  it('answers 2003 for an expired token', async () => {
    await expectExpired(await forge({ sub: buyer.sid, tv: 0, expiresAt: Math.floor(Date.now() / 1000) - 60 }));
  });

  it('answers 2002 for a correctly signed token without an expiry', async () => {
    await expectInvalid(await forge({ sub: buyer.sid, tv: 0, expiresAt: null }));
  });

  it('answers 2002 for a signature made with another secret', async () => {
    await expectInvalid(await forge({ sub: buyer.sid, tv: 0, secret: new TextEncoder().encode('x'.repeat(48)) }));
  });

  it('answers 2002 for a payload changed after signing', async () => {
    const other = await registerBuyer(t);
    const [header, , signature] = buyer.token.split('.');
    const payload = JSON.parse(Buffer.from(buyer.token.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    await expectInvalid(`${header}.${base64url({ ...payload, sub: other.sid })}.${signature}`);
  });

  it('answers 2002 for alg:none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: buyer.sid, tv: 0, iss: 'gemstock', aud: 'buyer', iat: now, exp: now + 3600 };
    await expectInvalid(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`);
    await expectInvalid(`${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}`);
  });

  it('answers 2002 for another algorithm, even with the right secret', async () => {
    await expectInvalid(await forge({ sub: buyer.sid, tv: 0, alg: 'HS512' }));
  });

  it('answers 2002 for the wrong audience or issuer', async () => {
    await expectInvalid(await forge({ sub: buyer.sid, tv: 0, aud: 'operator' }));
    await expectInvalid(await forge({ sub: buyer.sid, tv: 0, iss: 'someone-else' }));
  });

  it('answers 2002 for missing or ill-typed claims and unknown accounts', async () => {
    await expectInvalid(await forge({ sub: buyer.sid }));
    await expectInvalid(await forge({ sub: buyer.sid, tv: '0' }));
    await expectInvalid(await forge({ tv: 0 }));
    await expectInvalid(await forge({ sub: 'nosuchaccount000', tv: 0 }));
  });

  it('answers 2002 for a malformed Authorization header', async () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer a b',
      'Token abc',
      'Bearer not-a-jwt',
      'Bearer a.b.c',
    ]) {
      const res = await injectApi(t, USER_API.me, { headers: { authorization } });
      expect(res.status).toBe(401);
      expect(res.code).toBe(2002);
    }
  });

  it('answers 1000 (not 2002) when no token is sent at all', async () => {
    const res = await injectApi(t, USER_API.me);
    expect(res.code).toBe(1000);
  });

  it('answers 2003 once a password change has revoked the token', async () => {
    const victim = await registerBuyer(t);
    const res = await injectApi(t, USER_API.resetPassword, {
      body: { password: DEFAULT_PASSWORD, new_password: 'Changed-passw0rd' },
      token: victim.token,
    });
    expect(res.code).toBe(0);
    await expectExpired(victim.token);
    // Re-signing the old version does not help: the server compares with the stored version.
    await expectExpired(await forge({ sub: victim.sid, tv: 0 }));
    expect((await me(t, await forge({ sub: victim.sid, tv: 1 }))).code).toBe(0);
  });

  it('answers 2003 for a disabled account', async () => {
    const victim = await registerBuyer(t);
    await t.database.db.update(users).set({ enabled: false }).where(eq(users.sid, victim.sid));
    await expectExpired(victim.token);
  });

  it('checks who is calling before the body: no token and a bad body answer 1000, not a validation error', async () => {
    for (const call of [
      { method: 'POST' as const, url: endpointUrl(ORDER_API.placeMaterial), payload: { materials: 'nonsense' } },
      { method: 'POST' as const, url: endpointUrl(USER_API.company), payload: { company: '' } },
      {
        method: 'PATCH' as const,
        url: endpointUrl(ADMIN_MATERIAL_API.update, { params: { id: 'none' } }),
        payload: { keywords: 42 },
      },
      { method: 'POST' as const, url: endpointUrl(ADMIN_COUPON_API.create), payload: { amount: -1 } },
    ]) {
      const res = await t.call(call);
      expect(res.code, call.url).toBe(1000);
      expect(res.status, call.url).toBe(401);
    }
  });
});

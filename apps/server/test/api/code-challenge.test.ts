import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { LocalDiskStorage } from '../../src/media/storage.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import { countRows, latestCode, sendCode, uniqueEmail } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { USER_API, USER_PATHS, endpointUrl, pathUrl } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

/**
 * A company office signs up from one client address. Past CODE_CHALLENGE_AFTER codes an hour
 * from that address (10 by default) the server asks for a self-hosted proof-of-work answer
 * instead of refusing; each answer opens one request, on any server, once.
 */
describe('proof-of-work challenge for verification codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A small amount of work keeps the test quick; the rule is the same.
    t = await buildTestApp({ codeChallengeWork: 2_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** What the ALTCHA widget does: fetch a challenge, solve it, hand over the base64 payload. */
  async function solvedPayload(app = t.app): Promise<string> {
    const res = await app.inject({ method: 'GET', url: pathUrl(USER_PATHS.codeChallenge, {}) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<Challenge>();
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  function sendWith(ip: string, email: string, altcha?: string) {
    return injectApi(t, USER_API.sendEmailCode, {
      body: { email, purpose: 'register', ...(altcha ? { altcha } : {}) },
      remoteAddress: ip,
    });
  }

  it('lets 30 colleagues behind one address sign up within an hour, each past the 10th with a solved challenge', async () => {
    const office = '198.51.100.30';
    const usersBefore = await countRows(t, 'users');
    const refusedWithout: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const email = uniqueEmail(`office${i}`);
      let sent = await sendWith(office, email);
      if (i >= 10) {
        refusedWithout.push(sent.code);
        sent = await sendWith(office, email, await solvedPayload());
      }
      expect(sent.code, `colleague ${i}: ${sent.message}`).toBe(0);
      const registered = await injectApi(t, USER_API.register, {
        body: { email, code: await latestCode(t, email), password: 'Office-passw0rd', agreement: true, adult: true },
        remoteAddress: office,
      });
      expect(registered.code, `colleague ${i}: ${registered.message}`).toBe(0);
    }
    expect(refusedWithout).toEqual(Array(20).fill(2042));
    expect((await countRows(t, 'users')) - usersBefore).toBe(30);
  });

  it('refuses a solved challenge used a second time, on this server or another one', async () => {
    const ip = '198.51.100.31';
    await t.database.db.execute(sql`
      insert into verification_codes (sid, channel, target, purpose, code_hash, ip, expires_at, created_at)
      select 'pre' || g::text || substr(md5(random()::text), 1, 10), 'email', 'earlier' || g || '@example.com',
             'register', repeat('0', 64), ${ip}, now() + interval '10 minutes', now() - interval '30 minutes'
      from generate_series(1, 10) as g`);
    const payload = await solvedPayload();
    expect((await sendWith(ip, uniqueEmail(), payload)).code).toBe(0);
    const replay = await sendWith(ip, uniqueEmail(), payload);
    expect(replay.status).toBe(400);
    expect(replay.code).toBe(2043);
    expect(replay.message).toBe('人机验证未通过或已失效，请重新验证');

    const other = await buildApp({
      config: t.config,
      db: t.database.db,
      messages: new DevOutboxSender(t.database.db),
      storage: new LocalDiskStorage('/tmp/gemstock-challenge-test-media'),
      logger: false,
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: endpointUrl(USER_API.sendEmailCode),
        payload: { email: uniqueEmail(), purpose: 'register', altcha: payload },
        remoteAddress: ip,
      });
      expect(res.json().code).toBe(2043);
      // A challenge made by the other server is accepted here: the signature key is shared.
      expect((await sendWith(ip, uniqueEmail(), await solvedPayload(other))).code).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('refuses a forged, altered or unsolved answer and sends nothing', async () => {
    const ip = '198.51.100.32';
    const payload = await solvedPayload();
    const decoded = JSON.parse(Buffer.from(payload, 'base64').toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const guessedKey = `${decoded.solution.derivedKey.slice(0, -2)}${decoded.solution.derivedKey.endsWith('00') ? '01' : '00'}`;
    const altered = Buffer.from(
      JSON.stringify({ ...decoded, solution: { ...decoded.solution, derivedKey: guessedKey } }),
    ).toString('base64');
    const easier = Buffer.from(
      JSON.stringify({
        ...decoded,
        challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, keyPrefix: '0' } },
      }),
    ).toString('base64');
    const before = await countRows(t, 'verification_codes');
    for (const bad of ['not-base64-json', Buffer.from('{}').toString('base64'), altered, easier]) {
      const res = await sendWith(ip, uniqueEmail(), bad);
      expect(res.code, bad.slice(0, 40)).toBe(2043);
    }
    expect(await countRows(t, 'verification_codes')).toBe(before);
  });

  it('keeps the per-address limits: a solved challenge does not allow a second code within 60 seconds', async () => {
    const email = uniqueEmail();
    expect((await sendCode(t, { email })).code).toBe(0);
    const again = await sendWith('198.51.100.33', email, await solvedPayload());
    expect(again.code).toBe(2010);
  });
});

import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/db/schema/index.js';
import { DEFAULT_PASSWORD, login, nextIp, registerBuyer, uniqueMobile, type Buyer } from '../helpers/accounts.js';
import { createTestOperator } from '../helpers/admin.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { ADMIN_API, USER_API } from '@gemstock/contract';
import { injectApi } from '../helpers/inject-api.js';

const WRONG = 'Wrong-passw0rd';
const LOCKED_MESSAGE = /^密码错误次数过多，账号已暂时锁定，请于 \d{4}-\d{2}-\d{2} \d{2}:\d{2} 后再试$/;

/** Every attempt comes from its own client address: the per-address rate limit is not under test. */
describe('per-account sign-in lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function noticesTo(address: string) {
    return t.database.db
      .select({ text: outboxMessages.text })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, address))
      .orderBy(desc(outboxMessages.id));
  }

  /** Moves the account's window and lock 16 minutes into the past, as if the time had passed. */
  async function letTimePass(accountKey: string) {
    await t.database.db.execute(
      sql`update sign_in_guards set window_started_at = window_started_at - interval '16 minutes',
          locked_until = locked_until - interval '16 minutes' where account_key = ${accountKey}`,
    );
  }

  it('locks an account on the 10th wrong password within 15 minutes, refuses even the right one, and tells the owner', async () => {
    const buyer = await registerBuyer(t);
    for (let i = 0; i < 9; i += 1) {
      const res = await login(t, { email: buyer.email, password: WRONG });
      expect(res.code).toBe(2001);
    }
    const tenth = await login(t, { email: buyer.email, password: WRONG });
    expect(tenth.status).toBe(429);
    expect(tenth.code).toBe(2040);
    expect(tenth.message).toMatch(LOCKED_MESSAGE);

    const right = await login(t, { email: buyer.email, password: DEFAULT_PASSWORD });
    expect(right.code).toBe(2040);
    expect(right.message).toMatch(LOCKED_MESSAGE);

    const notices = (await noticesTo(buyer.email!)).filter((m) => m.text.includes('锁定'));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('密码错误已达 10 次');
  });

  it('counts 30 parallel wrong passwords exactly: 9 answer 账号或密码错误, the rest the lock, one notice', async () => {
    const buyer = await registerBuyer(t, { mobile: uniqueMobile() });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => login(t, { mobile: buyer.mobile, password: WRONG })),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 2001)).toHaveLength(9);
    expect(codes.filter((c) => c === 2040)).toHaveLength(21);
    expect((await noticesTo(buyer.mobile!)).filter((m) => m.text.includes('锁定'))).toHaveLength(1);
    expect((await login(t, { mobile: buyer.mobile, password: DEFAULT_PASSWORD })).code).toBe(2040);
  });

  it('lets the account in again once the lock has run out, with a fresh count', async () => {
    const buyer = await registerBuyer(t);
    for (let i = 0; i < 10; i += 1) await login(t, { email: buyer.email, password: WRONG });
    expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(2040);
    await letTimePass(`user:${buyer.sid}`);
    expect((await login(t, { email: buyer.email, password: WRONG })).code).toBe(2001);
    expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(0);
  });

  it('forgets wrong passwords after a right one, and after 15 minutes without a lock', async () => {
    const buyer: Buyer = await registerBuyer(t);
    for (let i = 0; i < 9; i += 1) await login(t, { email: buyer.email, password: WRONG });
    expect((await login(t, { email: buyer.email, password: DEFAULT_PASSWORD })).code).toBe(0);
    for (let i = 0; i < 9; i += 1) await login(t, { email: buyer.email, password: WRONG });
    await letTimePass(`user:${buyer.sid}`);
    expect((await login(t, { email: buyer.email, password: WRONG })).code).toBe(2001);
  });

  it('does not lock one account for another account’s wrong passwords', async () => {
    const [a, b] = [await registerBuyer(t), await registerBuyer(t)];
    for (let i = 0; i < 10; i += 1) await login(t, { email: a.email, password: WRONG });
    expect((await login(t, { email: b.email, password: DEFAULT_PASSWORD })).code).toBe(0);
  });

  it('locks a sub-account the same way and tells its main account', async () => {
    const main = await registerBuyer(t);
    const created = await injectApi(t, USER_API.createSubUser, {
      body: { username: `lock${Date.now() % 100000}`, password: 'Sub-passw0rd' },
      token: main.token,
    });
    expect(created.code).toBe(0);
    const username = created.data.sub_user.username!;
    for (let i = 0; i < 10; i += 1) await login(t, { username, password: WRONG });
    expect((await login(t, { username, password: 'Sub-passw0rd' })).code).toBe(2040);
    expect((await noticesTo(main.email!)).filter((m) => m.text.includes('锁定'))).toHaveLength(1);
  });

  it('locks operator sign-in after 10 wrong passwords, the right password included', async () => {
    const operator = await createTestOperator(t);
    const attempt = (password: string) =>
      injectApi(t, ADMIN_API.login, { body: { username: operator.username, password }, remoteAddress: nextIp() });
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(WRONG)));
    expect(results.filter((r) => r.code === 2001)).toHaveLength(9);
    expect(results.filter((r) => r.code === 2040)).toHaveLength(3);
    const right = await attempt('Operator-passw0rd');
    expect(right.code).toBe(2040);
    expect(right.message).toMatch(LOCKED_MESSAGE);
  });
});

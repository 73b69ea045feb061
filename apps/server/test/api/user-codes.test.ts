import {
  CHINA_OFFSET_MS,
  CODE_DAILY_CAP,
  CODE_HOURLY_CAP,
  CODE_IP_HOURLY_CAP,
  CODE_RESEND_SECONDS,
  DEV_API,
  USER_API,
  endpointUrl,
} from '@gemstock/contract';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages, verificationCodes } from '../../src/db/schema/index.js';
import { newSid } from '../../src/lib/ids.js';
import { enforceRetention } from '../../src/modules/common/retention.js';
import type { OutgoingMessage } from '../../src/notify/message-sender.js';
import { DevOutboxSender } from '../../src/notify/dev-outbox.js';
import {
  DEFAULT_PASSWORD,
  ageCodes,
  countRows,
  latestCode,
  nextIp,
  obtainCode,
  registerBuyer,
  sendCode,
  uniqueEmail,
  uniqueMobile,
} from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/test-app.js';
import { injectApi } from '../helpers/inject-api.js';

describe('POST /api/user/send_email_code and send_mobile_code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function register(payload: Record<string, unknown>) {
    return t.call({
      method: 'POST',
      url: endpointUrl(USER_API.register),
      payload: { password: DEFAULT_PASSWORD, agreement: true, adult: true, ...payload },
      remoteAddress: nextIp(),
    });
  }

  it('sends a six-digit code by email, in Chinese, and keeps only its hash', async () => {
    const email = uniqueEmail();
    const res = await sendCode(t, { email });
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ resendAfter: 60 });

    const [message] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
    expect(message?.channel).toBe('email');
    expect(message?.code).toMatch(/^\d{6}$/);
    expect(message?.text).toBe(`【宝图】您的验证码是 ${message?.code}，10 分钟内有效。`);

    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, email));
    expect(row?.purpose).toBe('register');
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(message?.code ?? '');
    expect(row?.attempts).toBe(0);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThanOrEqual(599_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(601_000);
  });

  it('sends a code by SMS', async () => {
    const mobile = uniqueMobile();
    const res = await sendCode(t, { mobile });
    expect(res.code).toBe(0);
    const [message] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, mobile));
    expect(message?.channel).toBe('sms');
    expect(message?.code).toMatch(/^\d{6}$/);
  });

  it('uses the configured site name', async () => {
    const other = await buildTestApp({ siteName: '宝图测试' });
    try {
      const email = uniqueEmail();
      expect((await sendCode(other, { email })).code).toBe(0);
      const [message] = await other.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email));
      expect(message?.text).toMatch(/^【宝图测试】您的验证码是 \d{6}，10 分钟内有效。$/);
    } finally {
      await other.close();
    }
  });

  it('refuses a second code for the same address within 60 seconds, whatever the purpose', async () => {
    const email = uniqueEmail();
    expect((await sendCode(t, { email })).code).toBe(0);
    const codesBefore = await countRows(t, 'verification_codes');
    const again = await sendCode(t, { email });
    expect(again.status).toBe(429);
    expect(again.code).toBe(2010);
    expect(again.message).toBe('验证码发送过于频繁，请 60 秒后再试');
    expect((await sendCode(t, { email }, 'bind')).code).toBe(2010);
    expect(await countRows(t, 'verification_codes')).toBe(codesBefore);

    await ageCodes(t, email, 61);
    expect((await sendCode(t, { email })).code).toBe(0);
  });

  it(`caps an address at ${CODE_HOURLY_CAP} codes an hour`, async () => {
    const mobile = uniqueMobile();
    for (let i = 0; i < CODE_HOURLY_CAP; i += 1) {
      expect((await sendCode(t, { mobile })).code).toBe(0);
      await ageCodes(t, mobile, 61);
    }
    const capped = await sendCode(t, { mobile });
    expect(capped.status).toBe(429);
    expect(capped.code).toBe(2011);
    expect(capped.message).toBe('验证码发送次数过多，请一小时后再试');
    await ageCodes(t, mobile, 3600);
    expect((await sendCode(t, { mobile })).code).toBe(0);
  });

  it(`caps an address at ${CODE_DAILY_CAP} codes a China-time calendar day ("明天再试" means after midnight)`, async () => {
    const email = uniqueEmail();
    const DAY_MS = 86_400_000;
    const HOUR_MS = 3_600_000;
    const chinaMidnight = () => Math.floor((Date.now() + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS;
    const sentAt = (createdAt: number) => ({
      sid: newSid(),
      channel: 'email',
      target: email,
      purpose: 'register',
      codeHash: '0'.repeat(64),
      ip: null,
      expiresAt: new Date(createdAt + 600_000),
      createdAt: new Date(createdAt),
    });
    const insertCap = (createdAt: number) =>
      t.database.db.insert(verificationCodes).values(Array.from({ length: CODE_DAILY_CAP }, () => sentAt(createdAt)));

    // Yesterday's sends do not count, even those within the last 24 hours: just before China's
    // midnight, or an hour and a minute ago when that midnight is less than an hour past (the
    // hourly cap would answer instead).
    await insertCap(Math.min(chinaMidnight() - 1_000, Date.now() - HOUR_MS - 60_000));
    expect((await sendCode(t, { email })).code).toBe(0);
    await t.database.db.delete(verificationCodes).where(eq(verificationCodes.target, email));

    // Today's do (the daily cap answers before the hourly one). They must be older than the
    // resend window, which answers first: in the minute after China's midnight, wait it out.
    const sinceMidnight = Date.now() - chinaMidnight();
    if (sinceMidnight < (CODE_RESEND_SECONDS + 1) * 1_000) {
      await new Promise((resolve) => setTimeout(resolve, (CODE_RESEND_SECONDS + 2) * 1_000 - sinceMidnight));
    }
    await insertCap(Math.max(chinaMidnight(), Date.now() - (CODE_RESEND_SECONDS + 1) * 1_000));
    const capped = await sendCode(t, { email });
    expect(capped.status).toBe(429);
    expect(capped.code).toBe(2012);
    expect(capped.message).toBe('今日验证码发送次数已达上限，请明天再试');
  }, 90_000);

  it('housekeeping removes codes sent more than two days ago, and only those', async () => {
    const email = uniqueEmail();
    const at = (msAgo: number) => ({
      sid: newSid(),
      channel: 'email',
      target: email,
      purpose: 'register',
      codeHash: '0'.repeat(64),
      ip: null,
      expiresAt: new Date(Date.now() - msAgo + 600_000),
      createdAt: new Date(Date.now() - msAgo),
    });
    await t.database.db.insert(verificationCodes).values([at(3 * 86_400_000), at(86_400_000)]);
    expect((await enforceRetention(t.database)).verification_codes).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, email));
    expect(left).toHaveLength(1);
  });

  it(`asks one client address for a proof-of-work answer after ${CODE_IP_HOURLY_CAP} codes an hour`, async () => {
    const ip = '192.0.2.77';
    // Earlier requests from this address, spread over the last hour (faster than the
    // per-minute route limit would let a test send them).
    const rows = Array.from({ length: CODE_IP_HOURLY_CAP }, (_, i) => ({
      sid: newSid(),
      channel: 'email',
      target: `earlier-${i}@example.com`,
      purpose: 'register',
      codeHash: '0'.repeat(64),
      ip,
      expiresAt: new Date(Date.now() + 600_000),
      createdAt: new Date(Date.now() - (i + 1) * 120_000),
    }));
    await t.database.db.insert(verificationCodes).values(rows);
    const capped = await sendCode(t, { email: uniqueEmail() }, 'register', ip);
    expect(capped.status).toBe(428);
    expect(capped.code).toBe(2042);
    expect(capped.message).toBe('请先完成人机验证');
    expect((await sendCode(t, { email: uniqueEmail() }, 'register', '192.0.2.78')).code).toBe(0);
  });

  it('limits bursts from one client address at the route (429, code 1009)', async () => {
    const ip = '192.0.2.99';
    const results = [];
    // 60 a minute pass the route (the hourly proof-of-work rule is another test); the 61st waits.
    for (let i = 0; i < 61; i += 1) results.push(await sendCode(t, { email: uniqueEmail() }, 'register', ip));
    expect(results.slice(0, 60).every((r) => r.status !== 429)).toBe(true);
    expect(results[60]?.status).toBe(429);
    expect(results[60]?.code).toBe(1009);
    expect(results[60]?.message).toBe('操作过于频繁，请稍后再试');
  });

  it('lets only one of several simultaneous requests for an address through', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(Array.from({ length: 5 }, () => sendCode(t, { email })));
    expect(results.filter((r) => r.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.code === 2010)).toHaveLength(4);
    const rows = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, email));
    expect(rows).toHaveLength(1);
  });

  it('checks the address against the purpose', async () => {
    const buyer = await registerBuyer(t);
    const taken = await sendCode(t, { email: buyer.email! }, 'register');
    expect(taken.status).toBe(409);
    expect(taken.code).toBe(2005);
    expect((await sendCode(t, { email: buyer.email! }, 'bind')).code).toBe(2005);
    expect((await sendCode(t, { email: buyer.email! }, 'reset_password')).code).toBe(0);

    const unknown = await sendCode(t, { email: uniqueEmail() }, 'reset_password');
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe(2008);
    expect(unknown.message).toBe('该账号不存在');

    const mobileBuyer = await registerBuyer(t, { mobile: uniqueMobile() });
    expect((await sendCode(t, { mobile: mobileBuyer.mobile! }, 'register')).code).toBe(2006);
    expect((await sendCode(t, { mobile: mobileBuyer.mobile! }, 'bind')).code).toBe(2006);
    expect((await sendCode(t, { mobile: uniqueMobile() }, 'reset_password')).code).toBe(2008);
  });

  it('defaults the purpose to register', async () => {
    const email = uniqueEmail();
    const res = await injectApi(t, USER_API.sendEmailCode, { body: { email }, remoteAddress: nextIp() });
    expect(res.code).toBe(0);
    const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, email));
    expect(row?.purpose).toBe('register');
  });

  it('validates the address first, with the form message', async () => {
    const before = await countRows(t, 'verification_codes');
    const badEmail = await injectApi(t, USER_API.sendEmailCode, { body: { email: 'not-an-email' } });
    expect(badEmail.status).toBe(400);
    expect(badEmail.code).toBe(1001);
    expect(badEmail.message).toBe('请输入正确的邮箱');
    const badMobile = await injectApi(t, USER_API.sendMobileCode, { body: { mobile: '1380013800' } });
    expect(badMobile.message).toBe('请输入正确的手机号');
    const badPurpose = await t.call({
      method: 'POST',
      url: endpointUrl(USER_API.sendEmailCode),
      payload: { email: uniqueEmail(), purpose: 'admin' },
    });
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.code).toBe(1001);
    expect(badPurpose.message).toMatch(/[\u4e00-\u9fa5]/);
    expect(await countRows(t, 'verification_codes')).toBe(before);
  });

  describe('checking a code', () => {
    it('expires a code after 10 minutes', async () => {
      const email = uniqueEmail();
      const code = await obtainCode(t, { email });
      await t.database.db.execute(
        sql`update verification_codes set expires_at = now() - interval '1 second' where target = ${email}`,
      );
      const res = await register({ email, code });
      expect(res.status).toBe(400);
      expect(res.code).toBe(2014);
      expect(res.message).toBe('验证码已失效，请重新获取');
      expect(await countRows(t, `users where email = '${email}'`)).toBe(0);
    });

    it('counts every wrong try and refuses the right code on the sixth', async () => {
      const email = uniqueEmail();
      const code = await obtainCode(t, { email });
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i += 1) {
        const res = await register({ email, code: wrong });
        expect(res.code).toBe(2013);
        expect(res.message).toBe('验证码错误');
      }
      const sixth = await register({ email, code });
      expect(sixth.status).toBe(400);
      expect(sixth.code).toBe(2015);
      expect(sixth.message).toBe('验证码错误次数过多，请重新获取');
      const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, email));
      expect(row?.attempts).toBe(5);
      expect(row?.consumedAt).toBeNull();
    });

    it('never compares more than five times, even when the guesses arrive together', async () => {
      const email = uniqueEmail();
      const code = await obtainCode(t, { email });
      const wrong = code === '000000' ? '111111' : '000000';
      const results = await Promise.all(Array.from({ length: 8 }, () => register({ email, code: wrong })));
      expect(results.filter((r) => r.code === 2013)).toHaveLength(5);
      expect(results.filter((r) => r.code === 2015)).toHaveLength(3);
      expect((await register({ email, code })).code).toBe(2015);
    });

    it('lets a right code through after a few wrong ones', async () => {
      const email = uniqueEmail();
      const code = await obtainCode(t, { email });
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i += 1) expect((await register({ email, code: wrong })).code).toBe(2013);
      expect((await register({ email, code })).code).toBe(0);
    });

    it('uses a code once only', async () => {
      const buyer = await registerBuyer(t);
      const code = await obtainCode(t, { email: buyer.email! }, 'reset_password');
      const first = await injectApi(t, USER_API.forgetPassword, {
        body: { email: buyer.email, code, password: 'New-passw0rd' },
      });
      expect(first.code).toBe(0);
      const second = await injectApi(t, USER_API.forgetPassword, {
        body: { email: buyer.email, code, password: 'Other-passw0rd' },
      });
      expect(second.code).toBe(2014);
    });

    it('only the newest code for an address and purpose counts', async () => {
      const email = uniqueEmail();
      const older = await obtainCode(t, { email });
      await ageCodes(t, email, 61);
      let newer = await obtainCode(t, { email });
      // Six digits can repeat; ask again until the two differ.
      while (newer === older) {
        await ageCodes(t, email, 61);
        newer = await obtainCode(t, { email });
      }
      expect((await register({ email, code: older })).code).toBe(2013);
      expect((await register({ email, code: newer })).code).toBe(0);
    });

    it('reads the latest code from the outbox like a developer would', async () => {
      const email = uniqueEmail();
      await sendCode(t, { email });
      const [row] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email))
        .orderBy(desc(outboxMessages.id));
      expect(await latestCode(t, email)).toBe(row?.code);
      const outbox = await injectApi(t, DEV_API.outbox);
      expect(outbox.data.messages.find((m) => m.to === email)?.code).toBe(row?.code);
    });
  });
});

describe('when the provider cannot deliver', () => {
  let t: TestApp;
  let failNext = true;
  const attempts: OutgoingMessage[] = [];
  beforeAll(async () => {
    t = await buildTestApp(
      {},
      {
        messages: (db) => {
          const outbox = new DevOutboxSender(db);
          return {
            async send(message) {
              attempts.push(message);
              if (failNext) throw new Error('smtp: connection refused');
              await outbox.send(message);
            },
          };
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 502 with code 1013, keeps no usable code, and lets the user retry at once', async () => {
    const email = uniqueEmail();
    const failed = await sendCode(t, { email });
    expect(failed.status).toBe(502);
    expect(failed.code).toBe(1013);
    expect(failed.message).toBe('验证码发送失败，请稍后再试');
    expect(attempts).toHaveLength(1);
    expect(await countRows(t, 'verification_codes')).toBe(0);

    // The undelivered code cannot be used even by someone who saw it.
    const leaked = attempts[0]!.code!;
    const res = await injectApi(t, USER_API.register, {
      body: { email, code: leaked, password: DEFAULT_PASSWORD, agreement: true, adult: true },
    });
    expect(res.code).toBe(2013);

    failNext = false;
    const retry = await sendCode(t, { email });
    expect(retry.code).toBe(0);
    expect(await countRows(t, 'verification_codes')).toBe(1);
  });
});
